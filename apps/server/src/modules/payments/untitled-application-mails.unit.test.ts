import { describe, expect, it } from 'vitest';
import { noticeSentence } from '../notifications/notice-texts.ts';
import { consentDeclinedMail } from '../portal/portal.mails.ts';
import { paymentReceivedMail, refundDecisionMail, refundRequestedMail } from './payments.mails.ts';

/**
 * An application without a title (issue 23): the mails and the feed name it "your application" in the reader's
 * language, never the English words inside a Hindi mail.
 */
describe('an application without a title, in the reader’s language', () => {
  const common = { to: 'asha@example.in', name: 'Asha', title: null, amountPaise: 29_900 };
  const walletUrl = 'https://mohar.example.in/wallet';
  const mailsIn = (language: 'en' | 'hi') => [
    refundRequestedMail({ ...common, language, dueDate: '01-12-2026' }),
    refundDecisionMail({
      ...common,
      language,
      decision: 'approved',
      walletUrl: 'https://mohar.example.in/wallet',
    }),
    refundDecisionMail({ ...common, language, decision: 'rejected', reason: 'Already notarised', walletUrl }),
    paymentReceivedMail({
      ...common,
      language,
      serial: 'MOH/2026-27/000001',
      totalPaise: 29_900,
      applicationUrl: 'https://mohar.example.in/application-view/1',
    }),
    consentDeclinedMail({
      to: common.to,
      ownerName: 'Asha',
      signatoryName: 'Rahul',
      title: null,
      reason: undefined,
      applicationUrl: 'https://mohar.example.in/application-view/1',
      language,
    }),
  ];

  it('a Hindi mail says आपके आवेदन, with no English words for it', () => {
    for (const mail of mailsIn('hi')) {
      expect(`${mail.subject}\n${mail.text}`).toContain('“आपके आवेदन”');
      expect(`${mail.subject}\n${mail.text}`.toLowerCase()).not.toContain('your application');
    }
  });

  it('an English mail says your application; a title, when there is one, is used as written', () => {
    for (const mail of mailsIn('en')) expect(`${mail.subject}\n${mail.text}`).toContain('“your application”');
    const titled = refundRequestedMail({
      ...common,
      title: 'Rent agreement',
      language: 'hi',
      dueDate: '01-12-2026',
    });
    expect(titled.text).toContain('“Rent agreement”');
  });

  it('the refund notices, stored without a title, are worded per language', () => {
    const params = { amount: '₹299.00' };
    expect(noticeSentence({ key: 'refund_approved', params, language: 'hi' })).toContain('“आपके आवेदन”');
    expect(noticeSentence({ key: 'refund_rejected', params: { reason: 'x' }, language: 'en' })).toContain(
      '“your application”',
    );
  });
});
