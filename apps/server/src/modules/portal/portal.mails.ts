import { simpleMail } from '../../platform/mail-layout.ts';
import type { Mail } from '../../platform/mailer.ts';

const dateInIndia = (date: Date) =>
  date.toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

/** The personal link: who asked, for what, what the signatory will need, and until when it works. */
export function invitationMail(options: {
  to: string;
  name: string;
  ownerName: string;
  title: string;
  link: string;
  expiresAt: Date;
}): Mail {
  return simpleMail({
    to: options.to,
    subject: `${options.ownerName} asked you to sign “${options.title}” on Mohar`,
    lines: [
      `Hello ${options.name},`,
      `${options.ownerName} named you as a signatory of “${options.title}”, to be notarised online by a certified notary in a live video call.`,
      'Open your personal link to confirm your e-mail address and prove who you are with your Aadhaar card (a masked Aadhaar is best). You do not need a Mohar account.',
      options.link,
      `The link works until ${dateInIndia(options.expiresAt)}. It is yours alone: do not forward it.`,
    ],
  });
}

/** A reminder: the application still waits for this signatory's steps; the earlier link keeps working too. */
export function reminderMail(options: {
  to: string;
  name: string;
  ownerName: string;
  title: string;
  link: string;
  expiresAt: Date;
}): Mail {
  return simpleMail({
    to: options.to,
    subject: `Reminder: “${options.title}” is waiting for you on Mohar`,
    lines: [
      `Hello ${options.name},`,
      `${options.ownerName} is waiting for you to prove who you are for “${options.title}”, so that it can be notarised online in a live video call.`,
      'It takes a few minutes: confirm your e-mail address and show your Aadhaar card (a masked Aadhaar is best). You do not need a Mohar account.',
      options.link,
      `This link works until ${dateInIndia(options.expiresAt)}. The link in our earlier e-mail still works too. It is yours alone: do not forward it.`,
    ],
  });
}

export function emailCodeMail(options: { to: string; name: string; code: string; minutes: number }): Mail {
  return simpleMail({
    to: options.to,
    subject: `${options.code} is your Mohar confirmation code`,
    lines: [
      `Hello ${options.name},`,
      `Your code is ${options.code}. Enter it on the Mohar page you opened from your personal link. It works for ${options.minutes} minutes.`,
      'If you did not ask for a code, ignore this e-mail: nothing happens without it.',
    ],
  });
}

/** To the owner: a signatory declined identity verification, and what can happen next. */
export function consentDeclinedMail(options: {
  to: string;
  ownerName: string;
  signatoryName: string;
  title: string;
  reason: string | undefined;
  applicationUrl: string;
}): Mail {
  return simpleMail({
    to: options.to,
    subject: `${options.signatoryName} declined identity verification for “${options.title}”`,
    lines: [
      `Hello ${options.ownerName},`,
      `${options.signatoryName} declined to share their Aadhaar images for “${options.title}”.${options.reason ? ` Their reason: ${options.reason}` : ''}`,
      'The notary can instead check another government photo ID in the video call. Talk to them, or contact Mohar support.',
      options.applicationUrl,
    ],
  });
}
