import { describe, expect, it } from 'vitest';
import { recoveryCodesFile } from './recovery-codes-file';

describe('recovery codes file', () => {
  it('lists every code on its own line under a short explanation', () => {
    const text = recoveryCodesFile({
      codes: ['abcde-12345', 'fghij-67890'],
      email: 'asha@example.in',
      createdAt: '05-03-2025 01:35:09',
    });
    const lines = text.split('\n');
    expect(lines[0]).toBe('Mohar recovery codes');
    expect(lines).toContain('Account: asha@example.in');
    expect(lines).toContain('abcde-12345');
    expect(lines).toContain('fghij-67890');
  });
});
