import type { ApplicationStatus, NoticeKey } from '@mohar/contracts';
import type { InLanguages } from '../../platform/mail-layout.ts';

/**
 * What a notification says, in each language (issue 23). A notification is stored as a key and its parameters, so
 * the feed shows it in the reader's language of the moment (the web has the same sentences in
 * `locales/{en,hi}/notifications.json` under `texts`); the English sentence is also stored as the spec's `message`,
 * and the e-mail sent to an offline user is written here in their account's language.
 *
 * Parameters are plain strings: an application's title (absent when it has none), names, a reason as its author
 * wrote it, an amount already in rupees, a status code. A missing title reads as each sentence's own fallback.
 */
export type NoticeParams = Partial<Record<string, string>>;
type Sentence = (p: NoticeParams) => string;

const quoted = (title: string | undefined, fallback: string) => `“${title ?? fallback}”`;

const STATUS_WORDS: InLanguages<Record<ApplicationStatus, string>> = {
  en: {
    draft: 'a draft',
    awaiting_payment: 'awaiting payment',
    awaiting_identity: 'waiting for identity checks',
    ready: 'ready for the session',
    waiting_for_notary: 'waiting for a notary',
    in_session: 'in a session',
    notarised: 'notarised',
    cancelled: 'cancelled',
    failed: 'failed',
    rejected: 'rejected by the notary',
  },
  hi: {
    draft: 'ड्राफ़्ट',
    awaiting_payment: 'भुगतान की प्रतीक्षा में',
    awaiting_identity: 'पहचान जाँच की प्रतीक्षा में',
    ready: 'सत्र के लिए तैयार',
    waiting_for_notary: 'नोटरी की प्रतीक्षा में',
    in_session: 'सत्र में',
    notarised: 'नोटरीकृत',
    cancelled: 'रद्द',
    failed: 'विफल',
    rejected: 'नोटरी द्वारा अस्वीकृत',
  },
};

const statusWord = (language: 'en' | 'hi', status: string | undefined) =>
  STATUS_WORDS[language][status as ApplicationStatus] ?? status ?? '';

export const NOTICE_TEXTS: InLanguages<Record<NoticeKey, Sentence>> = {
  en: {
    payment_received: (p) =>
      `Payment received for ${quoted(p.title, 'Your application')}. We e-mailed each signatory their personal link.`,
    all_ready: (p) =>
      `Every signatory of ${quoted(p.title, 'Your application')} has proved their identity: it is ready for a notary.`,
    status_changed: (p) => `${quoted(p.title, 'Your application')} is now ${statusWord('en', p.status)}.`,
    payment_failed: (p) =>
      `The payment for ${quoted(p.title, 'your application')} did not go through. Nothing was charged; you can pay again.`,
    signatory_verified: (p) =>
      `${p.name} proved their identity for ${quoted(p.title, 'your application')}: Aadhaar verified.`,
    signatory_sent: (p) =>
      `${p.name} sent their identity for ${quoted(p.title, 'your application')}: the notary will check their card in the call.`,
    document_sealed: (p) =>
      `${quoted(p.title, 'Your document')} is notarised. Download it from your applications.`,
    notary_verified: () => 'Your notary profile is verified: you can go online and take requests.',
    notary_rejected: (p) => `Your notary application was not approved${p.reason ? `: ${p.reason}` : '.'}`,
    notary_suspended: (p) => `Your notary profile is suspended${p.reason ? `: ${p.reason}` : '.'}`,
    notary_reinstated: () => 'Your notary profile is reinstated.',
    notary_request: (p) =>
      `A client is waiting: ${quoted(p.title, 'the application')}, ${p.count} ${
        p.count === '1' ? 'signatory' : 'signatories'
      }. Open your requests to accept it.`,
    notary_accepted: (p) =>
      `Notary ${p.notary ?? ''} accepted ${quoted(p.title, 'the application')}: the session can begin.`,
    service_open: (p) =>
      `Notaries are available now: you can start the notarisation of ${quoted(p.title, 'the application')}.`,
    notary_declined: (p) =>
      `The notary declined ${quoted(p.title, 'the application')}: ${p.reason} You can ask again, or choose another notary.`,
    notary_timeout: (p) =>
      `No notary accepted ${quoted(p.title, 'the application')} within ${p.minutes} minutes. You can ask again, choose another notary, or cancel.`,
    refund_approved: (p) =>
      `Your refund of ${p.amount} for ${quoted(p.title, 'your application')} is in your wallet.`,
    refund_rejected: (p) =>
      `Your refund request for ${quoted(p.title, 'your application')} was not approved: ${p.reason}`,
  },
  hi: {
    payment_received: (p) =>
      `${quoted(p.title, 'आपके आवेदन')} का भुगतान प्राप्त हुआ। हमने हर हस्ताक्षरकर्ता को उसका व्यक्तिगत लिंक ई-मेल कर दिया है।`,
    all_ready: (p) =>
      `${quoted(p.title, 'आपके आवेदन')} के हर हस्ताक्षरकर्ता ने अपनी पहचान साबित कर दी है: यह नोटरी के लिए तैयार है।`,
    status_changed: (p) => `${quoted(p.title, 'आपका आवेदन')} अब ${statusWord('hi', p.status)} है।`,
    payment_failed: (p) =>
      `${quoted(p.title, 'आपके आवेदन')} का भुगतान पूरा नहीं हुआ। कोई राशि नहीं काटी गई; आप फिर से भुगतान कर सकते हैं।`,
    signatory_verified: (p) =>
      `${p.name} ने ${quoted(p.title, 'आपके आवेदन')} के लिए अपनी पहचान साबित कर दी: आधार सत्यापित।`,
    signatory_sent: (p) =>
      `${p.name} ने ${quoted(p.title, 'आपके आवेदन')} के लिए अपनी पहचान भेज दी: नोटरी कॉल में उनका कार्ड जाँचेंगे।`,
    document_sealed: (p) => `${quoted(p.title, 'आपका दस्तावेज़')} नोटरीकृत हो गया है। इसे अपने आवेदनों से डाउनलोड करें।`,
    notary_verified: () => 'आपकी नोटरी प्रोफ़ाइल सत्यापित है: आप ऑनलाइन होकर अनुरोध ले सकते हैं।',
    notary_rejected: (p) => `आपका नोटरी आवेदन स्वीकृत नहीं हुआ${p.reason ? `: ${p.reason}` : '।'}`,
    notary_suspended: (p) => `आपकी नोटरी प्रोफ़ाइल निलंबित है${p.reason ? `: ${p.reason}` : '।'}`,
    notary_reinstated: () => 'आपकी नोटरी प्रोफ़ाइल फिर से सक्रिय है।',
    notary_request: (p) =>
      `एक क्लाइंट प्रतीक्षा कर रहे हैं: ${quoted(p.title, 'आवेदन')}, ${p.count} हस्ताक्षरकर्ता। स्वीकार करने के लिए अपने अनुरोध खोलें।`,
    notary_accepted: (p) =>
      `नोटरी ${p.notary ?? ''} ने ${quoted(p.title, 'आवेदन')} स्वीकार कर लिया है: सत्र शुरू हो सकता है।`,
    service_open: (p) => `नोटरी अभी उपलब्ध हैं: आप ${quoted(p.title, 'आवेदन')} का नोटरीकरण शुरू कर सकते हैं।`,
    notary_declined: (p) =>
      `नोटरी ने ${quoted(p.title, 'आवेदन')} अस्वीकार कर दिया: ${p.reason} आप फिर से अनुरोध कर सकते हैं, या कोई दूसरा नोटरी चुन सकते हैं।`,
    notary_timeout: (p) =>
      `${p.minutes} मिनट में किसी नोटरी ने ${quoted(p.title, 'आवेदन')} स्वीकार नहीं किया। आप फिर से अनुरोध कर सकते हैं, कोई दूसरा नोटरी चुन सकते हैं, या रद्द कर सकते हैं।`,
    refund_approved: (p) => `${quoted(p.title, 'आपके आवेदन')} के लिए आपका ${p.amount} का रिफ़ंड आपके वॉलेट में है।`,
    refund_rejected: (p) => `${quoted(p.title, 'आपके आवेदन')} के लिए आपका रिफ़ंड अनुरोध स्वीकृत नहीं हुआ: ${p.reason}`,
  },
};

/** A notification's sentence in a language. */
export const noticeSentence = (options: { key: NoticeKey; params: NoticeParams; language: 'en' | 'hi' }) =>
  NOTICE_TEXTS[options.language][options.key](options.params);

/** The fallback e-mail's fixed words around the sentence. */
export const NOTICE_MAIL: InLanguages<{ hello: (name: string) => string }> = {
  en: { hello: (name) => `Hello ${name},` },
  hi: { hello: (name) => `नमस्ते ${name},` },
};
