import { describe, expect, it } from 'vitest';
import { findUnsafeText } from './request-text.ts';

describe('text a request may carry', () => {
  it('is any real text, in any script, emoji included', () => {
    expect(
      findUnsafeText({ name: 'प्रिया मेनन', note: 'Thanks 🙏', list: ['a', { b: 'c' }], n: 3 }),
    ).toBeNull();
  });

  it('is never a NUL byte, a replacement character (invalid UTF-8) or half a surrogate pair, values or keys', () => {
    expect(findUnsafeText({ search: 'a\u0000b' })).toBe('/search');
    expect(findUnsafeText({ name: 'caf\uFFFD' })).toBe('/name');
    expect(findUnsafeText({ list: ['ok', '\uD800'] })).toBe('/list/1');
    expect(findUnsafeText({ deep: { '\uDFFF': 1 } })).toBe('/deep/\uDFFF');
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let nested: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i += 1) nested = [nested];
    expect(findUnsafeText(nested)).toMatch(/^(\/0)+$/);
  });
});
