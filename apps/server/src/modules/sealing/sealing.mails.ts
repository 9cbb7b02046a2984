import { simpleMail } from '../../platform/mail-layout.ts';
import type { Mail } from '../../platform/mailer.ts';

/** To each signatory once the document is sealed: a link, never the file. */
export function notarisedMail(options: {
  to: string;
  name: string;
  title: string | null;
  verifyUrl: string;
}): Mail {
  const title = options.title ?? 'the document';
  return simpleMail({
    to: options.to,
    subject: `“${title}” is notarised`,
    lines: [
      `Hello ${options.name},`,
      `The notary has sealed “${title}”. Open the personal link from your invitation e-mail to download the notarised PDF.`,
      `Anyone can check that the file is genuine and unchanged at ${options.verifyUrl}.`,
    ],
  });
}
