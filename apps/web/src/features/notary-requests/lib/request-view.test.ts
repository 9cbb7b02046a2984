import { describe, expect, it } from 'vitest';
import { alertText, desktopAlertStateOf, newRequestAlerts, waitLengthOf } from './request-view';

const at = (iso: string) => new Date(iso).getTime();

describe('how long a request has waited', () => {
  it('reads "just now" for the first minute', () => {
    expect(waitLengthOf({ since: '2026-11-23T10:00:00Z', now: at('2026-11-23T10:00:59Z') })).toEqual({
      unit: 'justNow',
    });
  });

  it('counts whole minutes, rounding down', () => {
    expect(waitLengthOf({ since: '2026-11-23T10:00:00Z', now: at('2026-11-23T10:03:59Z') })).toEqual({
      unit: 'minutes',
      count: 3,
    });
  });

  it('counts hours from an hour on', () => {
    expect(waitLengthOf({ since: '2026-11-23T10:00:00Z', now: at('2026-11-23T12:10:00Z') })).toEqual({
      unit: 'hours',
      count: 2,
    });
  });

  it('does not go negative when the server clock is ahead of this one', () => {
    expect(waitLengthOf({ since: '2026-11-23T10:05:00Z', now: at('2026-11-23T10:00:00Z') })).toEqual({
      unit: 'justNow',
    });
  });
});

describe('which notifications alert the notary', () => {
  const base = { readAt: null, message: 'A client is waiting.' };

  it('only unread notary requests not seen before', () => {
    const fresh = newRequestAlerts({
      seen: new Set(['seen']),
      notifications: [
        { ...base, _id: 'seen', kind: 'notary_request' },
        { ...base, _id: 'new', kind: 'notary_request' },
        { ...base, _id: 'read', kind: 'notary_request', readAt: '2026-11-23T10:00:00Z' },
        { ...base, _id: 'other', kind: 'payment_succeeded' },
      ],
    });
    expect(fresh.map((n) => n._id)).toEqual(['new']);
  });
});

describe('a desktop alert’s text', () => {
  it('drops the application path at the end of the message', () => {
    expect(
      alertText(
        'A client is waiting: Rent deed, 2 signatories. Open your requests to accept it. application-view/3f0c2a9e-1b2c-4d5e-8f90-a1b2c3d4e5f6',
      ),
    ).toBe('A client is waiting: Rent deed, 2 signatories. Open your requests to accept it.');
  });

  it('leaves a message without a path as it is', () => {
    expect(alertText('A client is waiting.')).toBe('A client is waiting.');
  });
});

describe('desktop alerts', () => {
  it('are unsupported where the browser has no Notification API', () => {
    expect(desktopAlertStateOf({})).toBe('unsupported');
  });

  it('follow the permission the browser reports', () => {
    expect(desktopAlertStateOf({ Notification: { permission: 'default' } })).toBe('default');
    expect(desktopAlertStateOf({ Notification: { permission: 'denied' } })).toBe('denied');
  });
});
