import { describe, expect, it } from 'vitest';
import type { MeshStatus } from './mesh';
import { recorderRunsWhile } from './recorder-activity';

describe("the notary's recorder", () => {
  it('runs while in the call, and through a reconnect of the signalling channel', () => {
    expect(recorderRunsWhile('joined')).toBe(true);
    expect(recorderRunsWhile('reconnecting')).toBe(true);
  });

  it('does not run before joining or once out of the call', () => {
    const outside: MeshStatus[] = ['idle', 'joining', 'refused', 'removed', 'ended'];
    for (const status of outside) expect(recorderRunsWhile(status)).toBe(false);
  });
});
