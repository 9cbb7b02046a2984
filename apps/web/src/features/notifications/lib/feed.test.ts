import type { Notification } from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import { applicationIdOf, collapseByApplication, mergeNotifications, messageText, toastTextOf } from './feed';

const A = '3f0c2a9e-1b2c-4d5e-8f90-a1b2c3d4e5f6';
const B = '9a7be2f1-0d4c-4e5f-9a0b-c1d2e3f4a5b6';
let counter = 0;
const note = (overrides: Partial<Notification> & { minute: number }): Notification => {
  counter += 1;
  const { minute, ...rest } = overrides;
  return {
    _id: `id-${counter}`,
    seq: counter,
    userId: 'user-1',
    applicationId: null,
    kind: 'application_status',
    message: 'Something happened.',
    createdAt: new Date(Date.UTC(2026, 10, 22, 10, minute)).toISOString(),
    readAt: null,
    ...rest,
  };
};

describe('a notification’s message', () => {
  it('reads without its application-view path, which becomes the link', () => {
    const message = `“Gift deed” is ready for a notary. application-view/${A}`;
    expect(messageText(message)).toBe('“Gift deed” is ready for a notary.');
    expect(applicationIdOf({ applicationId: null, message })).toBe(A);
    expect(applicationIdOf({ applicationId: B, message })).toBe(B);
    expect(applicationIdOf({ applicationId: null, message: 'Your profile is verified.' })).toBeNull();
  });
});

describe('the dropdown feed', () => {
  it('shows one entry per application with its latest message, newest first', () => {
    const entries = collapseByApplication([
      note({ applicationId: A, message: 'Paid', minute: 1, readAt: '2026-11-22T10:05:00Z' }),
      note({ applicationId: B, message: 'B paid', minute: 2 }),
      note({ applicationId: A, message: 'Ready', minute: 3 }),
      note({ message: 'Profile verified', minute: 4 }),
    ]);
    expect(entries.map((e) => [e.message, e.count, e.isUnread])).toEqual([
      ['Profile verified', 1, true],
      ['Ready', 2, true],
      ['B paid', 1, true],
    ]);
    expect(entries[1]?.ids).toHaveLength(2);
  });

  it('orders news made in the same instant by when it was written', () => {
    const [entry] = collapseByApplication([
      note({ applicationId: A, message: 'Om sent their identity', minute: 5 }),
      note({ applicationId: A, message: 'Ready for a notary', minute: 5 }),
    ]);
    expect(entry?.message).toBe('Ready for a notary');
  });

  it('is read only when everything about that application is', () => {
    const [entry] = collapseByApplication([
      note({ applicationId: A, minute: 1, readAt: '2026-11-22T10:05:00Z' }),
      note({ applicationId: A, minute: 2, readAt: '2026-11-22T10:06:00Z' }),
    ]);
    expect(entry?.isUnread).toBe(false);
  });

  it('takes each arrival once, whether pushed, caught up after a reconnect, or both', () => {
    const first = note({ minute: 1 });
    const second = note({ minute: 2 });
    const { merged, fresh } = mergeNotifications([first], [second, first, second]);
    expect(merged.map((n) => n._id)).toEqual([second._id, first._id]);
    expect(fresh.map((n) => n._id)).toEqual([second._id]);
  });
});

describe('a new request’s toast', () => {
  const request = note({
    minute: 1,
    kind: 'notary_request',
    message: 'A client is waiting: “Rent agreement”, 2 signatories. Open your requests to accept it.',
  });
  const onListText = 'A new request has arrived. It is in the list below.';

  it('does not send the notary to Requests when they are on it', () => {
    expect(toastTextOf(request, { pathname: '/requests', onListText })).toBe(onListText);
    expect(toastTextOf(request, { pathname: '/requests/', onListText })).toBe(onListText);
  });

  it('says where to go from anywhere else, and other news reads as sent', () => {
    expect(toastTextOf(request, { pathname: '/dashboard', onListText })).toContain('Open your requests');
    const other = note({ minute: 2, message: `Paid. application-view/${A}` });
    expect(toastTextOf(other, { pathname: '/requests', onListText })).toBe('Paid.');
  });
});
