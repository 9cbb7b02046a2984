import { describe, expect, it } from 'vitest';
import {
  actionsInOrder,
  actorRoleOf,
  canResendInvitation,
  paymentStateOf,
  pdfFileName,
  shortHash,
} from './application-view';

describe('paymentStateOf', () => {
  it('shows a quote for a draft and asks for payment once submitted', () => {
    expect(paymentStateOf({ status: 'draft', events: undefined })).toBe('quote');
    expect(paymentStateOf({ status: 'awaiting_payment', events: undefined })).toBe('awaiting');
  });

  it('is paid for every status that comes after payment', () => {
    for (const status of [
      'awaiting_identity',
      'ready',
      'waiting_for_notary',
      'in_session',
      'notarised',
    ] as const)
      expect(paymentStateOf({ status, events: undefined })).toBe('paid');
  });

  it('reads a cancelled application’s history to tell whether it was paid', () => {
    const unpaid = [
      { toStatus: 'draft' },
      { toStatus: 'awaiting_payment' },
      { toStatus: 'cancelled' },
    ] as const;
    const paid = [
      ...unpaid.slice(0, 2),
      { toStatus: 'awaiting_identity' },
      { toStatus: 'cancelled' },
    ] as const;
    expect(paymentStateOf({ status: 'cancelled', events: unpaid })).toBe('not_paid');
    expect(paymentStateOf({ status: 'cancelled', events: paid })).toBe('paid');
  });

  it('says nothing about an ended application until its history has loaded', () => {
    expect(paymentStateOf({ status: 'rejected', events: undefined })).toBe('unknown');
  });
});

describe('actionsInOrder', () => {
  it('puts carrying on first and deleting last, whatever order the server sends', () => {
    expect(actionsInOrder(['delete', 'submit', 'edit'])).toEqual(['edit', 'submit', 'delete']);
    expect(actionsInOrder(['cancel', 'reopen'])).toEqual(['reopen', 'cancel']);
    expect(actionsInOrder(['cancel', 'reopen', 'pay'])).toEqual(['pay', 'reopen', 'cancel']);
    expect(actionsInOrder(['mark_failed', 'cancel'])).toEqual(['cancel', 'mark_failed']);
    expect(actionsInOrder([])).toEqual([]);
  });
});

describe('shortHash', () => {
  it('keeps the first and last 8 hex digits', () => {
    const sha = `ABCDEF01${'0'.repeat(48)}89abcdef`;
    expect(shortHash(sha)).toBe('abcdef01…89abcdef');
  });

  it('leaves a short value whole', () => {
    expect(shortHash('abc123')).toBe('abc123');
  });
});

describe('actorRoleOf', () => {
  it('knows the roles that change an application and nothing else', () => {
    expect(actorRoleOf('client')).toBe('client');
    expect(actorRoleOf('system')).toBe('system');
    expect(actorRoleOf('robot')).toBeNull();
    expect(actorRoleOf(null)).toBeNull();
  });
});

describe('pdfFileName', () => {
  it('makes a safe file name from the title', () => {
    expect(pdfFileName({ title: 'Rent agreement: Flat 4/B', fallback: 'document' })).toBe(
      'Rent-agreement-Flat-4B.pdf',
    );
  });

  it('uses the fallback without a usable title', () => {
    expect(pdfFileName({ title: null, fallback: 'mohar-document' })).toBe('mohar-document.pdf');
    expect(pdfFileName({ title: 'शपथ पत्र', fallback: 'mohar-document' })).toBe('mohar-document.pdf');
  });
});

describe('canResendInvitation', () => {
  it('lets the owner and an admin send a new link from payment until the session ends', () => {
    for (const status of ['awaiting_identity', 'ready', 'waiting_for_notary', 'in_session'] as const) {
      expect(canResendInvitation({ viewerRole: 'owner', status })).toBe(true);
      expect(canResendInvitation({ viewerRole: 'admin', status })).toBe(true);
    }
  });

  it('never offers it to the notary', () => {
    expect(canResendInvitation({ viewerRole: 'notary', status: 'awaiting_identity' })).toBe(false);
  });

  it('offers nothing before payment or once the application has ended', () => {
    for (const status of [
      'draft',
      'awaiting_payment',
      'notarised',
      'cancelled',
      'failed',
      'rejected',
    ] as const)
      expect(canResendInvitation({ viewerRole: 'owner', status })).toBe(false);
  });
});
