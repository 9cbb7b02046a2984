import type { LanguageCode } from '@mohar/contracts';
import type { Mail } from './mailer.ts';

/** A text in every language the product speaks: a missing Hindi text is a type error, not an English e-mail. */
export type InLanguages<T> = Record<LanguageCode, T>;

/**
 * The language a person's e-mail is written in: their account's choice (`users.language`) or, for a signatory, the
 * portal's choice; English when nobody chose (the server never sees their browser when it writes a later mail).
 */
export const mailLanguage = (language: string | null | undefined): LanguageCode =>
  language === 'hi' ? 'hi' : 'en';

/** Picks the texts of the person's language. */
export const textsFor = <T>(texts: InLanguages<T>, language: string | null | undefined): T =>
  texts[mailLanguage(language)];

export const MAIL_SIGNATURE: InLanguages<string> = {
  en: '— Mohar (मोहर), online notarisation by live video',
  hi: '— मोहर (Mohar), लाइव वीडियो कॉल से ऑनलाइन नोटरीकरण',
};

export const MAIL_FOOTER: InLanguages<string> = {
  en: 'Mohar (मोहर) — online notarisation by live video with a certified notary.',
  hi: 'मोहर (Mohar) — प्रमाणित नोटरी के साथ लाइव वीडियो कॉल से ऑनलाइन नोटरीकरण।',
};

/** A date as the mails write it, in India's time zone and the reader's language ("28 November 2026", "28 नवंबर 2026"). */
export const mailDate = (date: Date, language: LanguageCode) =>
  date.toLocaleDateString(language === 'hi' ? 'hi-IN' : 'en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
    numberingSystem: 'latn',
  });

/**
 * The house layout of a plain transactional e-mail: a paragraph per line, escaped, with the Mohar signature, in the
 * reader's language (staff alerts leave it out: English).
 */
export function simpleMail(options: {
  to: string;
  subject: string;
  lines: string[];
  language?: LanguageCode;
}): Mail {
  const language = options.language ?? 'en';
  const text = `${options.lines.join('\n\n')}\n\n${MAIL_SIGNATURE[language]}`;
  const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Inter,Arial,sans-serif;color:#1b1e3c;background:#f4f5fb;margin:0"><div style="max-width:560px;margin:0 auto;padding:32px 16px"><div style="font-size:20px;font-weight:700;color:#2f3a8f;margin-bottom:24px">◉ Mohar</div><div style="background:#fff;border-radius:12px;padding:28px">${options.lines.map((l) => `<p style="margin:0 0 16px;line-height:1.5">${esc(l)}</p>`).join('')}</div></div></body></html>`;
  return { to: options.to, subject: options.subject, text, html };
}

/** A moment as the mails write it: the date, the clock in India's time zone and "IST" ("Mon, 30 November 2026, 15:00 IST"). */
export const mailDateTime = (date: Date, language: LanguageCode) =>
  `${date.toLocaleDateString(language === 'hi' ? 'hi-IN' : 'en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
    numberingSystem: 'latn',
  })}, ${date.toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'Asia/Kolkata',
  })} IST`;
