import { describe, expect, it } from 'vitest';
import { ARGON2_CONCURRENCY, hashPassword, passwordHashing, verifyPassword } from './passwords.ts';

describe('argon2 work is bounded per process', () => {
  it(`twelve sign-ins at once never run more than ${ARGON2_CONCURRENCY} hashes together, and each still answers right`, async () => {
    const stored = await hashPassword('tiger lily ferry 42');
    passwordHashing.resetPeak();
    const attempts = Array.from({ length: 12 }, (_, i) =>
      verifyPassword(stored, i % 3 === 0 ? 'wrong guess' : 'tiger lily ferry 42'),
    );
    // All twelve are in: the limiter holds the rest back while two run.
    expect(passwordHashing.running).toBe(ARGON2_CONCURRENCY);
    expect(passwordHashing.waiting).toBe(12 - ARGON2_CONCURRENCY);
    const results = await Promise.all(attempts);
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i % 3 !== 0));
    expect(passwordHashing.peakRunning).toBe(ARGON2_CONCURRENCY);
    expect(passwordHashing.running).toBe(0);
  });
});
