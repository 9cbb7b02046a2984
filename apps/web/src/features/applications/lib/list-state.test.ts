import { describe, expect, it } from 'vitest';
import { hasFilters, LIST_PAGE_SIZE, listParams, listQuery, listStateOf } from './list-state';

describe('listStateOf', () => {
  it('reads the filter, search and page from the address bar', () => {
    const state = listStateOf(new URLSearchParams('status=awaiting_payment&search=rent&page=3'));
    expect(state).toEqual({ status: 'awaiting_payment', search: 'rent', page: 3 });
  });

  it('falls back to every status on page 1 for anything it does not know', () => {
    expect(listStateOf(new URLSearchParams('status=paid&page=-2'))).toEqual({
      status: 'all',
      search: '',
      page: 1,
    });
    expect(listStateOf(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(listStateOf(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('keeps a search no longer than the API accepts', () => {
    expect(listStateOf(new URLSearchParams({ search: 'x'.repeat(150) })).search).toHaveLength(100);
  });
});

describe('listParams', () => {
  it('leaves the defaults out so the plain list has the plain address', () => {
    expect(listParams({ status: 'all', search: '  ', page: 1 }).toString()).toBe('');
  });

  it('round-trips through the address bar', () => {
    const state = { status: 'draft', search: 'lease deed', page: 2 } as const;
    expect(listStateOf(listParams(state))).toEqual(state);
  });
});

describe('listQuery', () => {
  it('sends no status for "all" and a trimmed search', () => {
    expect(listQuery({ status: 'all', search: ' will ', page: 1 })).toEqual({
      search: 'will',
      page: 1,
      pageSize: LIST_PAGE_SIZE,
    });
  });

  it('sends the chosen status', () => {
    expect(listQuery({ status: 'notarised', search: '', page: 4 })).toEqual({
      status: 'notarised',
      page: 4,
      pageSize: LIST_PAGE_SIZE,
    });
  });
});

describe('hasFilters', () => {
  it('is true when a status or a search narrows the list', () => {
    expect(hasFilters({ status: 'all', search: '', page: 3 })).toBe(false);
    expect(hasFilters({ status: 'all', search: ' ', page: 1 })).toBe(false);
    expect(hasFilters({ status: 'draft', search: '', page: 1 })).toBe(true);
    expect(hasFilters({ status: 'all', search: 'rent', page: 1 })).toBe(true);
  });
});
