import { describe, expect, it } from 'vitest';
import { actionsFor, adminListParams, adminListQuery, adminListStateOf, needsReason } from './admin-notaries';

describe('the verification queue', () => {
  it('opens on the pending tab, page 1', () => {
    expect(adminListStateOf(new URLSearchParams())).toEqual({ tab: 'pending', search: '', page: 1 });
  });

  it('reads a tab, a search and a page from the address bar; unknown values fall back', () => {
    expect(adminListStateOf(new URLSearchParams('status=suspended&search=Iyer&page=3'))).toEqual({
      tab: 'suspended',
      search: 'Iyer',
      page: 3,
    });
    expect(adminListStateOf(new URLSearchParams('status=deleted&page=zero'))).toEqual({
      tab: 'pending',
      search: '',
      page: 1,
    });
  });

  it('"All" asks the API for every status; defaults stay out of the address bar', () => {
    expect(adminListQuery({ tab: 'all', search: '', page: 1 })).toBe('?page=1');
    expect(adminListQuery({ tab: 'pending', search: ' DL/2019 ', page: 2 })).toBe(
      '?status=pending&search=DL%2F2019&page=2',
    );
    expect(adminListParams({ tab: 'pending', search: '', page: 1 }).toString()).toBe('');
    expect(adminListParams({ tab: 'all', search: 'x', page: 2 }).toString()).toBe(
      'status=all&search=x&page=2',
    );
  });
});

describe('decisions by status', () => {
  it('pending: approve or reject; verified: suspend; suspended: reinstate; otherwise nothing', () => {
    expect(actionsFor('pending')).toEqual(['approve', 'reject']);
    expect(actionsFor('verified')).toEqual(['suspend']);
    expect(actionsFor('suspended')).toEqual(['reinstate']);
    expect(actionsFor('draft')).toEqual([]);
    expect(actionsFor('rejected')).toEqual([]);
  });

  it('reject and suspend need a reason', () => {
    expect(['approve', 'reject', 'suspend', 'reinstate'].filter((a) => needsReason(a as never))).toEqual([
      'reject',
      'suspend',
    ]);
  });
});
