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
