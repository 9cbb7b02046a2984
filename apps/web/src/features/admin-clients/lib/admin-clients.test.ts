import { describe, expect, it } from 'vitest';
import { clientListParams, clientListQuery, clientListStateOf } from './admin-clients';

describe('the client list state in the address bar', () => {
  it('reads filter, search and page, and falls back to every client on page 1', () => {
    expect(clientListStateOf(new URLSearchParams('status=suspended&search=asha&page=3'))).toEqual({
      filter: 'suspended',
      search: 'asha',
      page: 3,
    });
    expect(clientListStateOf(new URLSearchParams('status=nonsense&page=-2'))).toEqual({
      filter: 'all',
      search: '',
      page: 1,
    });
  });

  it('writes only what differs from the defaults, and always asks the API for a page', () => {
    const state = { filter: 'all', search: '  ', page: 1 } as const;
    expect(clientListParams(state).toString()).toBe('');
    expect(clientListQuery(state)).toBe('?page=1');
    expect(clientListQuery({ filter: 'mfa', search: 'ravi@x.in', page: 2 })).toBe(
      '?status=mfa&search=ravi%40x.in&page=2',
    );
  });
});
