import { BOOKING_FREE_CHANGE_HOURS } from '@mohar/contracts';
import { type InLanguages, mailDateTime, mailLanguage, simpleMail } from '../../platform/mail-layout.ts';
import type { Mail, MailAttachment } from '../../platform/mailer.ts';

type Language = string | null | undefined;
export type BookingMailKind = 'booked' | 'moved' | 'cancelled' | 'reminder';
/** Who reads it: the owner and signatories join from their page or link; the notary from their dashboard. */
export type BookingReader = 'owner' | 'signatory' | 'notary';

type Facts = { title: string; when: string; notary: string; minutesBefore?: number };

const TEXTS: InLanguages<{
  hello: (name: string) => string;
  subject: Record<BookingMailKind, (f: Facts) => string>;
  body: Record<BookingMailKind, (f: Facts) => string>;
  join: Record<BookingReader, string>;
  rules: string;
  calendar: string;
  soon: (minutes: number) => string;
}> = {
  en: {
    hello: (name) => `Hello ${name},`,
    subject: {
      booked: (f) => `Booked: notarisation of “${f.title}” on ${f.when}`,
      moved: (f) => `New time: notarisation of “${f.title}” on ${f.when}`,
      cancelled: (f) => `Cancelled: notarisation of “${f.title}” on ${f.when}`,
      reminder: (f) => `Reminder: notarisation of “${f.title}” on ${f.when}`,
    },
    body: {
      booked: (f) => `A video session with ${f.notary} is booked for “${f.title}” on ${f.when}.`,
      moved: (f) => `The video session with ${f.notary} for “${f.title}” moved to ${f.when}.`,
      cancelled: (f) => `The video session with ${f.notary} for “${f.title}” on ${f.when} was cancelled.`,
      reminder: (f) => `The video session with ${f.notary} for “${f.title}” is on ${f.when}.`,
    },
    join: {
      owner:
        'At that time, open the application on Mohar and press Start Notarization: the booked notary gets it.',
      signatory:
        'At that time, open the personal link from your invitation e-mail. Have your Aadhaar card with you, and use a device with a camera and a microphone.',
      notary:
        'The session is on your dashboard for that day; the request comes to you when the client starts it.',
    },
    rules: `Rescheduling or cancelling is free up to ${BOOKING_FREE_CHANGE_HOURS} hours before the start. If nobody starts the session within 15 minutes of the start, it is recorded as a no-show.`,
    calendar: 'The attached calendar file adds the session to your calendar.',
    soon: (minutes) =>
      minutes >= 60 ? `It starts in ${minutes / 60} hours.` : `It starts in ${minutes} minutes.`,
  },
  hi: {
    hello: (name) => `नमस्ते ${name},`,
    subject: {
      booked: (f) => `बुक हुआ: “${f.title}” का नोटरीकरण ${f.when} को`,
      moved: (f) => `नया समय: “${f.title}” का नोटरीकरण ${f.when} को`,
      cancelled: (f) => `रद्द: “${f.title}” का नोटरीकरण ${f.when} को`,
      reminder: (f) => `याद दिलाना: “${f.title}” का नोटरीकरण ${f.when} को`,
    },
    body: {
      booked: (f) => `“${f.title}” के लिए ${f.notary} के साथ वीडियो सत्र ${f.when} को बुक किया गया है।`,
      moved: (f) => `“${f.title}” के लिए ${f.notary} के साथ वीडियो सत्र अब ${f.when} को है।`,
      cancelled: (f) => `“${f.title}” के लिए ${f.notary} के साथ ${f.when} का वीडियो सत्र रद्द कर दिया गया।`,
      reminder: (f) => `“${f.title}” के लिए ${f.notary} के साथ वीडियो सत्र ${f.when} को है।`,
    },
    join: {
      owner: 'उस समय मोहर पर आवेदन खोलें और नोटरीकरण शुरू करें दबाएँ: अनुरोध बुक किए गए नोटरी को जाएगा।',
      signatory:
        'उस समय अपने आमंत्रण ई-मेल का व्यक्तिगत लिंक खोलें। अपना आधार कार्ड साथ रखें, और कैमरा व माइक्रोफ़ोन वाला डिवाइस उपयोग करें।',
      notary: 'यह सत्र उस दिन आपके डैशबोर्ड पर है; क्लाइंट के शुरू करने पर अनुरोध आपके पास आएगा।',
    },
    rules: `शुरू होने से ${BOOKING_FREE_CHANGE_HOURS} घंटे पहले तक समय बदलना या रद्द करना निःशुल्क है। यदि शुरू होने के 15 मिनट के भीतर कोई सत्र शुरू नहीं करता, तो इसे अनुपस्थिति के रूप में दर्ज किया जाता है।`,
    calendar: 'संलग्न कैलेंडर फ़ाइल इस सत्र को आपके कैलेंडर में जोड़ती है।',
    soon: (minutes) => (minutes >= 60 ? `यह ${minutes / 60} घंटे में शुरू होगा।` : `यह ${minutes} मिनट में शुरू होगा।`),
  },
};

/** One participant's mail about a booking, in their language, with the calendar file when there is one. */
export function bookingMail(options: {
  kind: BookingMailKind;
  reader: BookingReader;
  to: string;
  name: string;
  language: Language;
  title: string;
  notaryName: string;
  startsAt: Date;
  minutesBefore?: number;
  calendar?: string;
}): Mail {
  const language = mailLanguage(options.language);
  const t = TEXTS[language];
  const facts: Facts = {
    title: options.title,
    when: mailDateTime(options.startsAt, language),
    notary: options.notaryName,
  };
  const lines = [
    t.hello(options.name),
    t.body[options.kind](facts),
    ...(options.kind === 'reminder' && options.minutesBefore ? [t.soon(options.minutesBefore)] : []),
    ...(options.kind === 'cancelled' ? [] : [t.join[options.reader], t.rules]),
    ...(options.calendar ? [t.calendar] : []),
  ];
  const mail = simpleMail({ to: options.to, language, subject: t.subject[options.kind](facts), lines });
  const attachments: MailAttachment[] | undefined = options.calendar
    ? [
        {
          filename: 'mohar-session.ics',
          contentType: 'text/calendar; charset=utf-8',
          content: options.calendar,
        },
      ]
    : undefined;
  return attachments ? { ...mail, attachments } : mail;
}
