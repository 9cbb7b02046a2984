import { describe, expect, it } from 'vitest';
import { passwordHint } from './password-hint';

describe('password hint', () => {
  it('judges length only: no composition rules', () => {
    expect(passwordHint('')).toBe('empty');
    expect(passwordHint('Ab1!xyz')).toBe('tooShort');
    expect(passwordHint('abcdefgh')).toBe('fair');
    expect(passwordHint('correct horse battery')).toBe('strong');
  });
});
