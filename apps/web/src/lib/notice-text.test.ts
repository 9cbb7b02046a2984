import type { Notification } from '@mohar/contracts';
import { createInstance } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@/locales/en/notifications.json';
import hi from '@/locales/hi/notifications.json';
import { noticeSentence } from './notice-text';

const i18n = createInstance();
beforeAll(() =>
  i18n.init({
    lng: 'en',
    fallbackLng: false,
    interpolation: { escapeValue: false },
    resources: { en: { notifications: en }, hi: { notifications: hi } },
  }),
);
const inLanguage = (language: 'en' | 'hi') => i18n.getFixedT(language, 'notifications');

const ID = '7b0c0f0e-1f1a-4c55-9a7e-8f0d8a5c1e21';
const note = (overrides: Pick<Notification, 'message' | 'text'>) => overrides;

describe('the feed writes each notification in the reader’s language (issue 23)', () => {
  const payment = note({
    message: `Payment received for “Sale deed, Kothrud”. We e-mailed each signatory their personal link. application-view/${ID}`,
    text: { key: 'payment_received', params: { title: 'Sale deed, Kothrud' } },
  });

  it('an English reader reads the server’s English sentence, word for word', () => {
    expect(noticeSentence(inLanguage('en'), payment)).toBe(
      'Payment received for “Sale deed, Kothrud”. We e-mailed each signatory their personal link.',
    );
  });

  it('a Hindi reader reads the same notification in Hindi, the title as written', () => {
    expect(noticeSentence(inLanguage('hi'), payment)).toBe(
      '“Sale deed, Kothrud” का भुगतान प्राप्त हुआ। हमने हर हस्ताक्षरकर्ता को उसका व्यक्तिगत लिंक ई-मेल कर दिया है।',
    );
  });

  it('a status, a count and an optional reason are worded in the reader’s language too', () => {
    const failed = note({
      message: `“Gift deed” is now failed. application-view/${ID}`,
      text: { key: 'status_changed', params: { title: 'Gift deed', status: 'failed' } },
    });
    expect(noticeSentence(inLanguage('en'), failed)).toBe('“Gift deed” is now failed.');
    expect(noticeSentence(inLanguage('hi'), failed)).toBe('“Gift deed” अब विफल है।');

    const request = note({
      message: 'A client is waiting: “Rent agreement”, 1 signatory. Open your requests to accept it.',
      text: { key: 'notary_request', params: { title: 'Rent agreement', count: '1' } },
    });
    expect(noticeSentence(inLanguage('en'), request)).toBe(request.message);

    const suspended = note({
      message: 'Your notary profile is suspended.',
      text: { key: 'notary_suspended', params: {} },
    });
    expect(noticeSentence(inLanguage('en'), suspended)).toBe('Your notary profile is suspended.');
    expect(noticeSentence(inLanguage('hi'), suspended)).toBe('आपकी नोटरी प्रोफ़ाइल निलंबित है।');
  });

  it('a free text (the development helper’s) shows as sent, without its path', () => {
    expect(
      noticeSentence(inLanguage('hi'), note({ message: `Paid. application-view/${ID}`, text: null })),
    ).toBe('Paid.');
  });
});
