import { simpleMail } from '../../platform/mail-layout.ts';
import type { Mail } from '../../platform/mailer.ts';

/** The opening reminder for a signatory: their personal link is in the invitation (we never keep it readable). */
export function serviceOpenMail(options: { to: string; name: string; title: string | null }): Mail {
  const title = options.title ?? 'your application';
  return simpleMail({
    to: options.to,
    subject: `Notaries are available now for “${title}”`,
    lines: [
      `Hello ${options.name},`,
      `Mohar's notaries are available now. Open the personal link from your invitation e-mail and press Start Notarization to meet the notary in a live video call about “${title}”.`,
      'Sessions run every day from 10:00 to 20:00 IST.',
    ],
  });
}

/** The notary accepted: each signatory is asked to join now (their link is in the invitation e-mail). */
export function notaryReadyMail(options: {
  to: string;
  name: string;
  title: string | null;
  notaryName: string | null;
}): Mail {
  const title = options.title ?? 'your application';
  const notary = options.notaryName ? `Notary ${options.notaryName}` : 'A notary';
  return simpleMail({
    to: options.to,
    subject: `${notary} is ready for “${title}”: join the video session`,
    lines: [
      `Hello ${options.name},`,
      `${notary} accepted the notarisation of “${title}” and is waiting in the video session.`,
      'Open the personal link from your invitation e-mail and press Join the session. Have your Aadhaar card with you, and use a device with a camera and a microphone.',
    ],
  });
}
