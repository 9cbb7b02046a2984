import { describe, expect, it } from 'vitest';
import { serviceTimeParts, ticketListQuery, ticketListStateOf } from './ticket-list';

describe('the support inbox state in the address bar', () => {
  it('reads status, assignee, search and page, and falls back to the active tickets on page 1', () => {
    expect(ticketListStateOf(new URLSearchParams('status=closed&assignee=me&search=MOH&page=2'))).toEqual({
      view: 'closed',
      assignee: 'me',
      search: 'MOH',
      page: 2,
    });
    expect(ticketListStateOf(new URLSearchParams('status=deleted&assignee=x&page=0'))).toEqual({
      view: 'active',
      assignee: 'any',
      search: '',
      page: 1,
    });
  });

  it('asks the API with only what differs from the defaults, always with a page', () => {
    expect(ticketListQuery({ view: 'active', assignee: 'any', search: ' ', page: 1 })).toBe('?page=1');
    expect(ticketListQuery({ view: 'new', assignee: 'none', search: 'asha', page: 3 })).toBe(
      '?status=new&assignee=none&search=asha&page=3',
    );
  });

  it('splits service minutes into hours and minutes', () => {
    expect(serviceTimeParts(125)).toEqual({ hours: 2, minutes: 5 });
  });
});
