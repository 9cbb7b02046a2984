import { type InLanguages, mailDate, mailLanguage, simpleMail } from '../../platform/mail-layout.ts';
import type { Mail } from '../../platform/mailer.ts';

type Language = string | null | undefined;
type Invite = { name: string; ownerName: string; title: string; link: string; expiresAt: string };

const TEXTS: InLanguages<{
  hello: (name: string) => string;
  /** An application without a title yet. */
  untitled: string;
  /** The owner's own application without a title, where the sentence says "for …". */
  yourApplication: string;
  invitation: { subject: (o: Invite) => string; lines: (o: Invite) => string[] };
  reminder: { subject: (o: Invite) => string; lines: (o: Invite) => string[] };
  code: {
    subject: (code: string) => string;
    lines: (o: { code: string; minutes: number }) => string[];
  };
  declined: {
    subject: (o: { signatoryName: string; title: string }) => string;
    what: (o: { signatoryName: string; title: string }) => string;
    reason: (reason: string) => string;
    next: string;
  };
}> = {
  en: {
    hello: (name) => `Hello ${name},`,
    untitled: 'an application',
    yourApplication: 'your application',
    invitation: {
      subject: (o) => `${o.ownerName} asked you to sign “${o.title}” on Mohar`,
      lines: (o) => [
        `${o.ownerName} named you as a signatory of “${o.title}”, to be notarised online by a certified notary in a live video call.`,
        'Open your personal link to confirm your e-mail address and prove who you are with your Aadhaar card (a masked Aadhaar is best). You do not need a Mohar account.',
        o.link,
        `The link works until ${o.expiresAt}. It is yours alone: do not forward it.`,
      ],
    },
    reminder: {
      subject: (o) => `Reminder: “${o.title}” is waiting for you on Mohar`,
      lines: (o) => [
        `${o.ownerName} is waiting for you to prove who you are for “${o.title}”, so that it can be notarised online in a live video call.`,
        'It takes a few minutes: confirm your e-mail address and show your Aadhaar card (a masked Aadhaar is best). You do not need a Mohar account.',
        o.link,
        `This link works until ${o.expiresAt}. The link in our earlier e-mail still works too. It is yours alone: do not forward it.`,
      ],
    },
    code: {
      subject: (code) => `${code} is your Mohar confirmation code`,
      lines: (o) => [
        `Your code is ${o.code}. Enter it on the Mohar page you opened from your personal link. It works for ${o.minutes} minutes.`,
        'If you did not ask for a code, ignore this e-mail: nothing happens without it.',
      ],
    },
    declined: {
      subject: (o) => `${o.signatoryName} declined identity verification for “${o.title}”`,
      what: (o) => `${o.signatoryName} declined to share their Aadhaar images for “${o.title}”.`,
      reason: (reason) => ` Their reason: ${reason}`,
      next: 'The notary can instead check another government photo ID in the video call. Talk to them, or contact Mohar support.',
    },
  },
  hi: {
    hello: (name) => `नमस्ते ${name},`,
    untitled: 'एक आवेदन',
    yourApplication: 'आपके आवेदन',
    invitation: {
      subject: (o) => `${o.ownerName} ने आपसे मोहर पर “${o.title}” पर हस्ताक्षर करने का अनुरोध किया है`,
      lines: (o) => [
        `${o.ownerName} ने आपको “${o.title}” का हस्ताक्षरकर्ता बनाया है, जिसका नोटरीकरण एक प्रमाणित नोटरी लाइव वीडियो कॉल में ऑनलाइन करेंगे।`,
        'अपना ई-मेल पता पुष्टि करने और अपने आधार कार्ड से अपनी पहचान साबित करने के लिए अपना व्यक्तिगत लिंक खोलें (मास्क्ड आधार सबसे अच्छा है)। आपको मोहर खाते की आवश्यकता नहीं है।',
        o.link,
        `यह लिंक ${o.expiresAt} तक काम करता है। यह केवल आपके लिए है: इसे आगे न भेजें।`,
      ],
    },
    reminder: {
      subject: (o) => `अनुस्मारक: मोहर पर “${o.title}” आपकी प्रतीक्षा कर रहा है`,
      lines: (o) => [
        `${o.ownerName} प्रतीक्षा कर रहे हैं कि आप “${o.title}” के लिए अपनी पहचान साबित करें, ताकि इसका नोटरीकरण लाइव वीडियो कॉल में ऑनलाइन हो सके।`,
        'इसमें कुछ मिनट लगते हैं: अपना ई-मेल पता पुष्टि करें और अपना आधार कार्ड दिखाएँ (मास्क्ड आधार सबसे अच्छा है)। आपको मोहर खाते की आवश्यकता नहीं है।',
        o.link,
        `यह लिंक ${o.expiresAt} तक काम करता है। हमारे पिछले ई-मेल का लिंक भी काम करता है। यह केवल आपके लिए है: इसे आगे न भेजें।`,
      ],
    },
    code: {
      subject: (code) => `${code} आपका मोहर पुष्टि कोड है`,
      lines: (o) => [
        `आपका कोड ${o.code} है। इसे उस मोहर पेज पर डालें जिसे आपने अपने व्यक्तिगत लिंक से खोला है। यह ${o.minutes} मिनट तक काम करता है।`,
        'यदि आपने कोड नहीं माँगा, तो इस ई-मेल को अनदेखा करें: इसके बिना कुछ नहीं होता।',
      ],
    },
    declined: {
      subject: (o) => `${o.signatoryName} ने “${o.title}” के लिए पहचान सत्यापन से इनकार किया`,
      what: (o) => `${o.signatoryName} ने “${o.title}” के लिए अपने आधार की छवियाँ साझा करने से इनकार किया।`,
      reason: (reason) => ` उनका कारण: ${reason}`,
      next: 'इसके बजाय नोटरी वीडियो कॉल में कोई अन्य सरकारी फ़ोटो पहचान-पत्र जाँच सकते हैं। उनसे बात करें, या मोहर सहायता से संपर्क करें।',
    },
  },
};

type InviteOptions = {
  to: string;
  name: string;
  ownerName: string;
  title: string | null;
  link: string;
  expiresAt: Date;
  language: Language;
};

const invite = (options: InviteOptions): Invite => ({
  ...options,
  title: options.title ?? TEXTS[mailLanguage(options.language)].untitled,
  expiresAt: mailDate(options.expiresAt, mailLanguage(options.language)),
});

/** The personal link: who asked, for what, what the signatory will need, and until when it works. */
export function invitationMail(options: InviteOptions): Mail {
  const language = mailLanguage(options.language);
  const t = TEXTS[language];
  return simpleMail({
    to: options.to,
    language,
    subject: t.invitation.subject(invite(options)),
    lines: [t.hello(options.name), ...t.invitation.lines(invite(options))],
  });
}

/** A reminder: the application still waits for this signatory's steps; the earlier link keeps working too. */
export function reminderMail(options: InviteOptions): Mail {
  const language = mailLanguage(options.language);
  const t = TEXTS[language];
  return simpleMail({
    to: options.to,
    language,
    subject: t.reminder.subject(invite(options)),
    lines: [t.hello(options.name), ...t.reminder.lines(invite(options))],
  });
}

export function emailCodeMail(options: {
  to: string;
  name: string;
  code: string;
  minutes: number;
  language: Language;
}): Mail {
  const language = mailLanguage(options.language);
  const t = TEXTS[language];
  return simpleMail({
    to: options.to,
    language,
    subject: t.code.subject(options.code),
    lines: [t.hello(options.name), ...t.code.lines(options)],
  });
}

/** To the owner: a signatory declined identity verification, and what can happen next. */
export function consentDeclinedMail(options: {
  to: string;
  ownerName: string;
  signatoryName: string;
  /** null: the application has no title; the mail says "your application" in the owner's language. */
  title: string | null;
  reason: string | undefined;
  applicationUrl: string;
  language: Language;
}): Mail {
  const language = mailLanguage(options.language);
  const t = TEXTS[language];
  const words = { ...options, title: options.title ?? t.yourApplication };
  return simpleMail({
    to: options.to,
    language,
    subject: t.declined.subject(words),
    lines: [
      t.hello(options.ownerName),
      `${t.declined.what(words)}${options.reason ? t.declined.reason(options.reason) : ''}`,
      t.declined.next,
      options.applicationUrl,
    ],
  });
}
