import { type InLanguages, mailLanguage, simpleMail } from '../../platform/mail-layout.ts';
import type { Mail } from '../../platform/mailer.ts';
import { formatInr } from './money.ts';

type Language = string | null | undefined;

const TEXTS: InLanguages<{
  hello: (name: string) => string;
  /** Stands for the title of an application that has none, where the sentence says "for …". */
  yourApplication: string;
  received: {
    subject: (serial: string) => string;
    lines: (o: { amount: string; title: string; serial: string }) => string[];
  };
  requested: {
    subject: string;
    line: (o: { amount: string; title: string; dueDate: string; wallet: string }) => string;
  };
  approved: {
    subject: (wallet: string) => string;
    line: (o: { amount: string; title: string; wallet: string }) => string;
  };
  /** Where a refund is credited: the person's wallet, or their organisation's (decision 0068). */
  wallet: { personal: string; organisation: string };
  rejected: {
    subject: string;
    line: (title: string) => string;
    reason: (reason: string | null | undefined) => string;
    next: string;
  };
}> = {
  en: {
    yourApplication: 'your application',
    hello: (name) => `Hello ${name},`,
    received: {
      subject: (serial) => `Payment received — receipt ${serial}`,
      lines: (o) => [
        `We received ${o.amount} for “${o.title}”. Your receipt number is ${o.serial}; the GST invoice is on the application page.`,
        'Next, each signatory proves who they are with their Aadhaar card. We are sending them their links.',
      ],
    },
    requested: {
      subject: 'We received your refund request',
      line: (o) =>
        `You asked for a refund of ${o.amount} for “${o.title}”. We will decide by ${o.dueDate}; an approved refund is credited to ${o.wallet}.`,
    },
    approved: {
      subject: (wallet) => `Your refund is in ${wallet}`,
      line: (o) =>
        `We approved your refund of ${o.amount} for “${o.title}” and credited it to ${o.wallet}. You can use it to pay for your next notarisation.`,
    },
    wallet: { personal: 'your Mohar wallet', organisation: "your organisation's Mohar wallet" },
    rejected: {
      subject: 'Your refund request was not approved',
      line: (title) => `We could not approve your refund request for “${title}”.`,
      reason: (reason) => `Reason: ${reason ?? 'not given'}`,
      next: 'If you think this is wrong, reply through Customer Support and quote the application.',
    },
  },
  hi: {
    yourApplication: 'आपके आवेदन',
    hello: (name) => `नमस्ते ${name},`,
    received: {
      subject: (serial) => `भुगतान प्राप्त हुआ — रसीद ${serial}`,
      lines: (o) => [
        `हमें “${o.title}” के लिए ${o.amount} प्राप्त हुए। आपकी रसीद संख्या ${o.serial} है; GST चालान आवेदन के पेज पर है।`,
        'अब हर हस्ताक्षरकर्ता अपने आधार कार्ड से अपनी पहचान साबित करेगा। हम उन्हें उनके लिंक भेज रहे हैं।',
      ],
    },
    requested: {
      subject: 'हमें आपका रिफ़ंड अनुरोध मिल गया है',
      line: (o) =>
        `आपने “${o.title}” के लिए ${o.amount} के रिफ़ंड का अनुरोध किया है। हम ${o.dueDate} तक निर्णय लेंगे; स्वीकृत रिफ़ंड ${o.wallet} में जमा किया जाता है।`,
    },
    approved: {
      subject: (wallet) => `आपका रिफ़ंड ${wallet} में है`,
      line: (o) =>
        `हमने “${o.title}” के लिए आपका ${o.amount} का रिफ़ंड स्वीकृत कर ${o.wallet} में जमा कर दिया है। आप इसका उपयोग अपने अगले नोटरीकरण के भुगतान के लिए कर सकते हैं।`,
    },
    wallet: { personal: 'आपके मोहर वॉलेट', organisation: 'आपके संगठन के मोहर वॉलेट' },
    rejected: {
      subject: 'आपका रिफ़ंड अनुरोध स्वीकृत नहीं हुआ',
      line: (title) => `हम “${title}” के लिए आपका रिफ़ंड अनुरोध स्वीकृत नहीं कर सके।`,
      reason: (reason) => `कारण: ${reason ?? 'नहीं बताया गया'}`,
      next: 'यदि आपको लगता है कि यह गलत है, तो ग्राहक सहायता के माध्यम से उत्तर दें और आवेदन का उल्लेख करें।',
    },
  },
};

export function paymentReceivedMail(options: {
  to: string;
  name: string;
  /** null: the application has no title; the mail says "your application" in the reader's language. */
  title: string | null;
  serial: string;
  totalPaise: number;
  applicationUrl: string;
  language: Language;
}): Mail {
  const language = mailLanguage(options.language);
  const t = TEXTS[language];
  const title = options.title ?? t.yourApplication;
  return simpleMail({
    to: options.to,
    language,
    subject: t.received.subject(options.serial),
    lines: [
      t.hello(options.name),
      ...t.received.lines({ ...options, title, amount: formatInr(options.totalPaise) }),
      options.applicationUrl,
    ],
  });
}

export function refundRequestedMail(options: {
  to: string;
  name: string;
  /** null: the application has no title; the mail says "your application" in the reader's language. */
  title: string | null;
  amountPaise: number;
  dueDate: string;
  language: Language;
  /** The application is an organisation's: the refund goes to its wallet. */
  toOrganisationWallet?: boolean;
}): Mail {
  const language = mailLanguage(options.language);
  const t = TEXTS[language];
  const title = options.title ?? t.yourApplication;
  return simpleMail({
    to: options.to,
    language,
    subject: t.requested.subject,
    lines: [
      t.hello(options.name),
      t.requested.line({
        ...options,
        title,
        amount: formatInr(options.amountPaise),
        wallet: options.toOrganisationWallet ? t.wallet.organisation : t.wallet.personal,
      }),
    ],
  });
}

export function refundDecisionMail(options: {
  to: string;
  name: string;
  /** null: the application has no title; the mail says "your application" in the reader's language. */
  title: string | null;
  amountPaise: number;
  decision: 'approved' | 'rejected';
  reason?: string | null;
  walletUrl: string;
  language: Language;
  /** The application is an organisation's: the refund went to its wallet. */
  toOrganisationWallet?: boolean;
}): Mail {
  const language = mailLanguage(options.language);
  const t = TEXTS[language];
  const title = options.title ?? t.yourApplication;
  const approved = options.decision === 'approved';
  const wallet = options.toOrganisationWallet ? t.wallet.organisation : t.wallet.personal;
  return simpleMail({
    to: options.to,
    language,
    subject: approved ? t.approved.subject(wallet) : t.rejected.subject,
    lines: approved
      ? [
          t.hello(options.name),
          t.approved.line({ ...options, title, wallet, amount: formatInr(options.amountPaise) }),
          options.walletUrl,
        ]
      : [t.hello(options.name), t.rejected.line(title), t.rejected.reason(options.reason), t.rejected.next],
  });
}

/** A paid event we cannot match to an order: money may have arrived that nobody will see unless a person looks. */
export function unknownOrderAlertMail(options: {
  to: string;
  provider: string;
  event: string;
  orderId: string | null;
  paymentId: string | null;
  amountPaise: number | null;
}): Mail {
  return simpleMail({
    to: options.to,
    subject: `Payment alert: ${options.event} for an unknown order`,
    lines: [
      `The ${options.provider} gateway sent “${options.event}” for order ${options.orderId ?? '(none)'} (payment ${options.paymentId ?? '(none)'}${options.amountPaise != null ? `, ${formatInr(options.amountPaise)}` : ''}), which matches no payment on Mohar.`,
      'It was acknowledged so the gateway stops retrying, and nothing was posted. Check the gateway dashboard and refund or match it by hand.',
    ],
  });
}
