import { simpleMail } from '../../platform/mail-layout.ts';
import type { Mail } from '../../platform/mailer.ts';

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
}): Mail {
  const title = options.title ?? 'the document';
  return simpleMail({
    to: options.to,
    subject: `“${title}” is notarised`,
    lines: [
      `Hello ${options.name},`,
      `The notary has sealed “${title}”. Download the notarised PDF here:`,
      options.downloadUrl,
      options.isPersonalLink
        ? 'This link is yours alone: do not forward it.'
        : 'Sign in to Mohar if you are asked to: the download is on the application’s page.',
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
