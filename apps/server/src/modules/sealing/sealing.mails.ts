import { type InLanguages, mailLanguage, simpleMail } from '../../platform/mail-layout.ts';
import type { Mail } from '../../platform/mailer.ts';

type Language = string | null | undefined;

const TEXTS: InLanguages<{
  hello: (name: string) => string;
  theDocument: string;
  subject: (title: string) => string;
  sealed: (title: string) => string;
  personal: string;
  signIn: string;
  verify: (url: string) => string;
}> = {
  en: {
    hello: (name) => `Hello ${name},`,
    theDocument: 'the document',
    subject: (title) => `“${title}” is notarised`,
    sealed: (title) => `The notary has sealed “${title}”. Download the notarised PDF here:`,
    personal: 'This link is yours alone: do not forward it.',
    signIn: 'Sign in to Mohar if you are asked to: the download is on the application’s page.',
    verify: (url) => `Anyone can check that the file is genuine and unchanged at ${url}.`,
  },
  hi: {
    hello: (name) => `नमस्ते ${name},`,
    theDocument: 'दस्तावेज़',
    subject: (title) => `“${title}” का नोटरीकरण हो गया है`,
    sealed: (title) => `नोटरी ने “${title}” पर मुहर लगा दी है। नोटरीकृत PDF यहाँ से डाउनलोड करें:`,
    personal: 'यह लिंक केवल आपके लिए है: इसे आगे न भेजें।',
    signIn: 'यदि कहा जाए तो मोहर में साइन इन करें: डाउनलोड आवेदन के पेज पर है।',
    verify: (url) => `कोई भी ${url} पर जाँच सकता है कि फ़ाइल असली और अपरिवर्तित है।`,
  },
};

/**
 * To each signatory (their own fresh portal link) and to the owner (their application view) once the document is
 * sealed: a link straight to where the notarised PDF downloads, never the file.
 */
export function notarisedMail(options: {
  to: string;
  name: string;
  title: string | null;
  downloadUrl: string;
  verifyUrl: string;
  /** A signatory's link is personal; the owner's opens after signing in. */
  isPersonalLink: boolean;
  language: Language;
}): Mail {
  const language = mailLanguage(options.language);
  const t = TEXTS[language];
  const title = options.title ?? t.theDocument;
  return simpleMail({
    to: options.to,
    language,
    subject: t.subject(title),
    lines: [
      t.hello(options.name),
      t.sealed(title),
      options.downloadUrl,
      options.isPersonalLink ? t.personal : t.signIn,
      t.verify(options.verifyUrl),
    ],
  });
}

/** To every admin when a seal fails: the notary sees it too and can retry, but nobody should learn of it late. */
export function sealFailedAlertMail(options: {
  to: string;
  applicationId: string;
  title: string | null;
  error: string;
  attempts: number;
}): Mail {
  return simpleMail({
    to: options.to,
    subject: `Sealing failed for “${options.title ?? options.applicationId}”`,
    lines: [
      `Sealing application ${options.applicationId} failed (attempt ${options.attempts}): ${options.error}`,
      'The application is still in its session and the document unchanged. The notary can retry; if it keeps failing, check the notary’s signing certificate and the server log.',
    ],
  });
}
