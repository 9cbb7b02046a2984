import { adminDashboardQueues } from '@mohar/contracts/admin-access';
import { describe, expect, it } from 'vitest';
import {
  applicationListParams,
  applicationListStateOf,
  isFiltered,
  paiseOfRupees,
  rupeesOfPaise,
} from './application-list';

const roundTrip = (query: Record<string, string>) =>
  Object.fromEntries(applicationListParams(applicationListStateOf(new URLSearchParams(query))));

describe('the console’s application list in the address bar', () => {
  it('asks the API for exactly the filters each dashboard count was read with', () => {
    const queues = adminDashboardQueues('2026-11-28');
    for (const queue of [queues.applicationsToday, queues.revenueTodayPaise, queues.actsCompletedToday])
      expect(roundTrip(queue.query)).toEqual(queue.query);
  });

  it('keeps every filter, and drops what the API would refuse', () => {
    const full = {
      search: 'Priya',
      status: 'waiting_for_notary',
      notary: '0b6f2c8e-5d1a-4c3b-9e7f-1a2b3c4d5e6f',
      act: 'true_copy',
      from: '2026-11-01',
      to: '2026-11-28',
      dateOf: 'notarised',
      minPaise: '50000',
      maxPaise: '150000',
      stuck: 'true',
      page: '3',
    };
    expect(roundTrip(full)).toEqual(full);
    expect(
      roundTrip({
        status: 'lost',
        notary: 'x',
        from: '28/11/2026',
        minPaise: '-5',
        dateOf: 'paid',
        page: '0',
      }),
    ).toEqual({});
    expect(isFiltered(applicationListStateOf(new URLSearchParams('page=2')))).toBe(false);
    expect(isFiltered(applicationListStateOf(new URLSearchParams('stuck=true')))).toBe(true);
  });

  it('turns the rupees typed into paise and back', () => {
    expect(paiseOfRupees('1,000')).toBe('');
    expect(paiseOfRupees('1499.5')).toBe('149950');
    expect(paiseOfRupees(' ')).toBe('');
    expect(rupeesOfPaise('149950')).toBe('1499.5');
  });
});
