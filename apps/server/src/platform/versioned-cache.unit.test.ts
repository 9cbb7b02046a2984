import { describe, expect, it } from 'vitest';
import { createVersionedCache } from './versioned-cache.ts';

describe('a versioned cache answers only for the version it holds', () => {
  it('a copy is returned for its own version and never for another', () => {
    const cache = createVersionedCache<string>({ maxEntries: 10, maxAgeMs: 60_000 });
    cache.set('notary-1', '741', 'card at 741');
    expect(cache.get('notary-1', '741')).toBe('card at 741');
    expect(cache.get('notary-1', '742')).toBeUndefined();
    cache.set('notary-1', '742', 'card at 742');
    expect(cache.get('notary-1', '741')).toBeUndefined();
    expect(cache.get('notary-1', '742')).toBe('card at 742');
  });

  it('a copy older than the age bound is not trusted, whatever its version', () => {
    let clock = 0;
    const cache = createVersionedCache<string>({ maxEntries: 10, maxAgeMs: 1_000, now: () => clock });
    cache.set('notary-1', '741', 'card');
    clock = 1_000;
    expect(cache.get('notary-1', '741')).toBe('card');
    clock = 1_001;
    expect(cache.get('notary-1', '741')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest first', () => {
    const cache = createVersionedCache<number>({ maxEntries: 2, maxAgeMs: 60_000 });
    cache.set('a', '1', 1);
    cache.set('b', '1', 2);
    cache.set('c', '1', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('a', '1')).toBeUndefined();
    expect(cache.get('b', '1')).toBe(2);
    expect(cache.get('c', '1')).toBe(3);
  });
});
