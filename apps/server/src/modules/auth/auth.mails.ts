import { EMAIL_VERIFICATION_TTL_HOURS, LOGIN_LIMITS, PASSWORD_RESET_TTL_MINUTES } from '@mohar/contracts';
import type { Mail } from '../../platform/mailer.ts';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Branded, table-free HTML that mail clients render, with the same words as the plain-text part. */
function layout(options: {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
}): Mail {
  const { greeting, paragraphs, action, after = [] } = options;
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...after.flatMap((p) => [p, '']),
    '— Mohar (मोहर), online notarisation by live video',
  ].join('\n');
  const p = (t: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(t)}</p>`;
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#f4f5fb;font-family:Inter,Segoe UI,Arial,sans-serif;color:#1b1e3c">
<div style="max-width:560px;margin:0 auto;padding:32px 16px">
<div style="font-size:20px;font-weight:700;color:#2f3a8f;margin-bottom:24px">◉ Mohar</div>
<div style="background:#ffffff;border-radius:12px;padding:28px">
${p(greeting)}
${paragraphs.map(p).join('\n')}
${action ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#2f3a8f;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#4a4f6a;word-break:break-all">${escapeHtml(action.url)}</p>` : ''}
${after.map(p).join('\n')}
</div>
<p style="font-size:12px;color:#4a4f6a;margin-top:16px">Mohar (मोहर) — online notarisation by live video with a certified notary.</p>
</div></body></html>`;
  return { to: options.to, subject: options.subject, text, html };
}

export function verificationMail(options: { to: string; name: string; url: string }): Mail {
  return layout({
    to: options.to,
    subject: 'Verify your e-mail address for Mohar',
    greeting: `Hello ${options.name},`,
    paragraphs: ['Welcome to Mohar. Please confirm that this is your e-mail address.'],
    action: { label: 'Verify e-mail address', url: options.url },
    after: [
      `This link works once and expires in ${EMAIL_VERIFICATION_TTL_HOURS} hours.`,
      'If you did not create a Mohar account, you can ignore this e-mail.',
    ],
  });
}

/** Sent instead of a second account: the owner learns of the attempt, the person registering learns nothing. */
export function alreadyRegisteredMail(options: {
  to: string;
  name: string;
  loginUrl: string;
  resetUrl: string;
}): Mail {
  return layout({
    to: options.to,
    subject: 'Someone tried to register with your e-mail address',
    greeting: `Hello ${options.name},`,
    paragraphs: [
      'Someone (perhaps you) tried to create a new Mohar account with this e-mail address. You already have an account, so nothing was changed.',
      `If it was you, log in at ${options.loginUrl}. If you forgot your password, reset it here:`,
    ],
    action: { label: 'Reset password', url: options.resetUrl },
    after: ['If it was not you, you can ignore this e-mail. Your account is safe.'],
  });
}

export function passwordResetMail(options: { to: string; name: string; url: string }): Mail {
  return layout({
    to: options.to,
    subject: 'Reset your Mohar password',
    greeting: `Hello ${options.name},`,
    paragraphs: ['We received a request to reset the password of your Mohar account.'],
    action: { label: 'Choose a new password', url: options.url },
    after: [
      `This link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ],
  });
}

export function passwordChangedMail(options: { to: string; name: string; supportUrl: string }): Mail {
  return layout({
    to: options.to,
    subject: 'Your Mohar password was changed',
    greeting: `Hello ${options.name},`,
    paragraphs: [
      'The password of your Mohar account was just changed, and every other signed-in device was signed out.',
      `If you did not do this, reset your password now and contact support: ${options.supportUrl}`,
    ],
  });
}

/** Sent once when password sign-in to the account is paused: someone kept guessing its password. */
export function signInLinkMail(options: { to: string; name: string; url: string; resetUrl: string }): Mail {
  return layout({
    to: options.to,
    subject: 'Someone is trying to sign in to your Mohar account',
    greeting: `Hello ${options.name},`,
    paragraphs: [
      `Someone entered a wrong password for your Mohar account ${LOGIN_LIMITS.perAccount} times within an hour. To protect it, signing in with the password is paused for up to an hour.`,
      'You can still sign in with this one-time link:',
    ],
    action: { label: 'Sign in to Mohar', url: options.url },
    after: [
      `This link works once and expires in ${LOGIN_LIMITS.signInLinkMinutes} minutes. If your account has two-step verification, you will still be asked for your code.`,
      `If these attempts were not you, someone may know your e-mail address: choose a new, strong password at ${options.resetUrl}.`,
    ],
  });
}

/** An owner invited someone to run part of Mohar (decision 0058): the link sets their password. */
export function adminInvitationMail(options: {
  to: string;
  name: string;
  inviterName: string;
  url: string;
  ttlHours: number;
}): Mail {
  return layout({
    to: options.to,
    subject: 'You are invited to the Mohar console',
    greeting: `Hello ${options.name},`,
    paragraphs: [
      `${options.inviterName} invited you to help run Mohar in its admin console.`,
      'Choose a password to open your account. You will then set up two-step verification.',
    ],
    action: { label: 'Choose your password', url: options.url },
    after: [
      `This link works once and expires in ${options.ttlHours} hours.`,
      'If you did not expect this, ignore this e-mail: no account is usable without the link.',
    ],
  });
}

/** Mohar support turned off the client's two-step verification (decision 0058). */
export function mfaResetMail(options: { to: string; name: string; supportUrl: string }): Mail {
  return layout({
    to: options.to,
    subject: 'Two-step verification was turned off on your Mohar account',
    greeting: `Hello ${options.name},`,
    paragraphs: [
      'At your request, Mohar support turned off two-step verification on your account and signed you out everywhere.',
      'You now sign in with your password alone. Turn two-step verification on again in your profile’s security page.',
    ],
    after: [`If you did not ask for this, contact Mohar support at once: ${options.supportUrl}`],
  });
}
