import { describe, expect, it } from 'vitest';
import {
  directionOf,
  formatSignedInr,
  WALLET_FILTERS,
  WALLET_PAGE_SIZE,
  walletListParams,
  walletListQuery,
  walletListStateOf,
} from './wallet-list';

describe('walletListStateOf', () => {
  it('reads the type and page from the address bar', () => {
    expect(walletListStateOf(new URLSearchParams('type=refund&page=3'))).toEqual({ type: 'refund', page: 3 });
  });

  it('falls back to every type on page 1 for anything it does not know', () => {
    expect(walletListStateOf(new URLSearchParams('type=bonus&page=-1'))).toEqual({ type: 'all', page: 1 });
    expect(walletListStateOf(new URLSearchParams('page=1.5')).page).toBe(1);
    expect(walletListStateOf(new URLSearchParams('page=x')).page).toBe(1);
    expect(walletListStateOf(new URLSearchParams('page=10001')).page).toBe(1);
  });
});

describe('walletListParams', () => {
  it('leaves the defaults out so the plain list has the plain address', () => {
    expect(walletListParams({ type: 'all', page: 1 }).toString()).toBe('');
  });

  it('round-trips every filter through the address bar', () => {
    for (const type of WALLET_FILTERS) {
      const state = { type, page: 4 };
      expect(walletListStateOf(walletListParams(state))).toEqual(state);
    }
  });
});

describe('walletListQuery', () => {
  it('sends no type for "all" and always a page size', () => {
    expect(walletListQuery({ type: 'all', page: 2 })).toEqual({ page: 2, pageSize: WALLET_PAGE_SIZE });
    expect(walletListQuery({ type: 'release', page: 1 })).toEqual({
      type: 'release',
      page: 1,
      pageSize: WALLET_PAGE_SIZE,
    });
  });
});

describe('signed amounts', () => {
  it('marks money in with + and money out with a minus sign, in rupees and paise', () => {
    expect(formatSignedInr(50_000)).toBe('+₹500.00');
    expect(formatSignedInr(-29_950)).toBe('−₹299.50');
    expect(formatSignedInr(0)).toBe('₹0.00');
    expect(formatSignedInr(12_345_678)).toBe('+₹1,23,456.78');
  });

  it('tells the direction from the sign', () => {
    expect(directionOf(1)).toBe('in');
    expect(directionOf(-1)).toBe('out');
    expect(directionOf(0)).toBe('none');
  });
});
