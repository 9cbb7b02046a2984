import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, serverEnv } from './server-process.ts';

describe('how npm start runs the server process', () => {
  it('fixes the allocator’s mmap threshold, so large freed buffers are given back', () => {
    const env = serverEnv({ PORT: '3000' });
    expect(env.GLIBC_TUNABLES).toBe('glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072');
    expect(env.PORT).toBe('3000');
  });

  it('keeps allocator settings someone chose themselves', () => {
    const env = serverEnv({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=1' });
    expect(env.GLIBC_TUNABLES).toBe('glibc.malloc.arena_max=1');
  });

  it('gives Node a small young generation', () => {
    expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=4');
  });
});
