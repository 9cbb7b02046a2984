import { type InLanguages, mailLanguage, simpleMail } from '../../platform/mail-layout.ts';
import type { Mail } from '../../platform/mailer.ts';

type Language = string | null | undefined;

const TEXTS: InLanguages<{
  hello: (name: string) => string;
  yourApplication: string;
  open: { subject: (title: string) => string; lines: (title: string) => string[] };
  ready: {
    notary: (name: string | null) => string;
    subject: (o: { notary: string; title: string }) => string;
    lines: (o: { notary: string; title: string }) => string[];
  };
}> = {
  en: {
    hello: (name) => `Hello ${name},`,
    yourApplication: 'your application',
    open: {
      subject: (title) => `Notaries are available now for “${title}”`,
      lines: (title) => [
        `Mohar's notaries are available now. Open the personal link from your invitation e-mail and press Start Notarization to meet the notary in a live video call about “${title}”.`,
        'Sessions run every day from 10:00 to 20:00 IST.',
      ],
    },
    ready: {
      notary: (name) => (name ? `Notary ${name}` : 'A notary'),
      subject: (o) => `${o.notary} is ready for “${o.title}”: join the video session`,
      lines: (o) => [
        `${o.notary} accepted the notarisation of “${o.title}” and is waiting in the video session.`,
        'Open the personal link from your invitation e-mail and press Join the session. Have your Aadhaar card with you, and use a device with a camera and a microphone.',
      ],
    },
  },
  hi: {
    hello: (name) => `नमस्ते ${name},`,
    yourApplication: 'आपका आवेदन',
    open: {
      subject: (title) => `“${title}” के लिए नोटरी अभी उपलब्ध हैं`,
      lines: (title) => [
        `मोहर के नोटरी अभी उपलब्ध हैं। अपने आमंत्रण ई-मेल का व्यक्तिगत लिंक खोलें और “${title}” के बारे में लाइव वीडियो कॉल में नोटरी से मिलने के लिए “नोटरीकरण शुरू करें” दबाएँ।`,
        'सत्र हर दिन सुबह 10:00 से रात 20:00 IST तक चलते हैं।',
      ],
    },
    ready: {
      notary: (name) => (name ? `नोटरी ${name}` : 'एक नोटरी'),
      subject: (o) => `${o.notary} “${o.title}” के लिए तैयार हैं: वीडियो सत्र में शामिल हों`,
      lines: (o) => [
        `${o.notary} ने “${o.title}” का नोटरीकरण स्वीकार किया है और वीडियो सत्र में प्रतीक्षा कर रहे हैं।`,
        'अपने आमंत्रण ई-मेल का व्यक्तिगत लिंक खोलें और “सत्र में शामिल हों” दबाएँ। अपना आधार कार्ड साथ रखें, और कैमरा व माइक्रोफ़ोन वाला डिवाइस इस्तेमाल करें।',
      ],
    },
  },
};

/** The opening reminder for a signatory: their personal link is in the invitation (we never keep it readable). */
export function serviceOpenMail(options: {
  to: string;
  name: string;
  title: string | null;
  language: Language;
}): Mail {
  const language = mailLanguage(options.language);
  const t = TEXTS[language];
  const title = options.title ?? t.yourApplication;
  return simpleMail({
    to: options.to,
    language,
    subject: t.open.subject(title),
    lines: [t.hello(options.name), ...t.open.lines(title)],
  });
}

/** The notary accepted: each signatory is asked to join now (their link is in the invitation e-mail). */
export function notaryReadyMail(options: {
  to: string;
  name: string;
  title: string | null;
  notaryName: string | null;
  language: Language;
}): Mail {
  const language = mailLanguage(options.language);
  const t = TEXTS[language];
  const words = { notary: t.ready.notary(options.notaryName), title: options.title ?? t.yourApplication };
  return simpleMail({
    to: options.to,
    language,
    subject: t.ready.subject(words),
    lines: [t.hello(options.name), ...t.ready.lines(words)],
  });
}
