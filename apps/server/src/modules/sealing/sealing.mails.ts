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
