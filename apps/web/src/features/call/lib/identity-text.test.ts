import { QR_OUTCOMES } from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import panelTexts from '../../../locales/en/call-panels.json';
import {
  captionKey,
  decisionKey,
  documentKey,
  identityDocuments,
  isQrVerified,
  maskedAadhaar,
  mismatchKeys,
  qrOutcomeKey,
} from './identity-text';

const lookup = (path: string) =>
  path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], panelTexts);

const decided = (decision: 'confirmed' | 'not_confirmed') => ({
  decision,
  note: decision === 'confirmed' ? null : 'The face does not match the card.',
  decidedAt: '2026-03-05T08:35:00.000Z',
});

describe('the QR result in words', () => {
  it.each(QR_OUTCOMES)('"%s" has its own English sentence', (outcome) => {
    const key = qrOutcomeKey(outcome);
    expect(key).toBe(`identity.qr.${outcome}`);
    expect(typeof lookup(key)).toBe('string');
  });

  it('says there is no result when the card was not read', () => {
    expect(qrOutcomeKey(null)).toBe('identity.qr.none');
    expect(typeof lookup('identity.qr.none')).toBe('string');
  });

  it('leaves an outcome it does not know to the notary instead of showing a missing text', () => {
    expect(qrOutcomeKey('forged')).toBe('identity.qr.unknown');
    expect(qrOutcomeKey('toString')).toBe('identity.qr.unknown');
    expect(typeof lookup('identity.qr.unknown')).toBe('string');
  });

  it('counts only "verified" as checked by Mohar', () => {
    expect(isQrVerified('verified')).toBe(true);
    for (const outcome of ['mismatched', 'signature_invalid', 'unreadable', null, 'other']) {
      expect(isQrVerified(outcome)).toBe(false);
    }
  });
});

describe('the identity decision badge', () => {
  it('is "not checked yet" before the notary decides', () => {
    expect(decisionKey(null)).toBe('identity.status.pending');
    expect(lookup(decisionKey(null))).toBe('Not checked yet');
  });

  it('follows the notary’s decision', () => {
    expect(lookup(decisionKey(decided('confirmed')))).toBe('Identity confirmed');
    expect(lookup(decisionKey(decided('not_confirmed')))).toBe('Not confirmed');
  });
});

describe('the details that differ', () => {
  it('names each field once, name before date of birth', () => {
    expect(mismatchKeys(['date_of_birth', 'name', 'name'])).toEqual([
      'identity.mismatch.name',
      'identity.mismatch.date_of_birth',
    ]);
  });

  it('is empty when nothing differs', () => {
    expect(mismatchKeys([])).toEqual([]);
  });

  it('mentions fields it does not know as "other details"', () => {
    expect(mismatchKeys(['gender', 'name'])).toEqual(['identity.mismatch.name', 'identity.mismatch.other']);
  });

  it('has English words for every field', () => {
    for (const key of mismatchKeys(['name', 'date_of_birth', 'gender'])) {
      expect(typeof lookup(key)).toBe('string');
    }
  });
});

describe('the masked Aadhaar number', () => {
  it('is shown as given when only the last 4 digits are there', () => {
    expect(maskedAadhaar('XXXX XXXX 1234')).toBe('XXXX XXXX 1234');
  });

  it('is never shown in any other form, so a full number cannot appear', () => {
    expect(maskedAadhaar('1234 5678 9012')).toBeNull();
    expect(maskedAadhaar('123456789012')).toBeNull();
    expect(maskedAadhaar('XXXX XXXX 1234 5678')).toBeNull();
    expect(maskedAadhaar('')).toBeNull();
    expect(maskedAadhaar(null)).toBeNull();
  });
});

describe('the identity pictures', () => {
  it('are the card front, the card back and the selfie, in that order, marking what was sent', () => {
    expect(identityDocuments(['selfie', 'aadhaar_front'])).toEqual([
      { kind: 'aadhaar_front', isSent: true },
      { kind: 'aadhaar_back', isSent: false },
      { kind: 'selfie', isSent: true },
    ]);
  });

  it('each have an English name for captions and alt text', () => {
    for (const { kind } of identityDocuments([])) {
      expect(typeof lookup(documentKey(kind))).toBe('string');
      expect(typeof lookup(captionKey(kind))).toBe('string');
    }
  });
});
