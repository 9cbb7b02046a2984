import { AUTH_ERROR_CODES, ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

const istDay = (date: Date) =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);

export const authErrors = {
  // One message whatever was wrong (unknown e-mail, wrong password): no account enumeration (ASVS 2.2, 3.2).
  invalidCredentials: () =>
    new AppError({
      statusCode: 401,
      code: AUTH_ERROR_CODES.invalidCredentials,
      message: 'Invalid email or password',
    }),
  emailUnverified: () =>
    new AppError({
      statusCode: 403,
      code: AUTH_ERROR_CODES.emailUnverified,
      message: 'Please verify your e-mail address first. We can send you a new link.',
    }),
  accountSuspended: () =>
    new AppError({
      statusCode: 403,
      code: AUTH_ERROR_CODES.accountSuspended,
      message:
        'This account is suspended, so you cannot sign in. Contact Mohar support to find out why or to have it reactivated.',
    }),
  // Only after the right password (login.service): the sentence says why and what remains (issue 26, spec §4).
  accountClosed: (closedAt: Date) =>
    new AppError({
      statusCode: 403,
      code: AUTH_ERROR_CODES.accountClosed,
      details: { closedAt: closedAt.toISOString() },
      message: `This account was closed on ${istDay(closedAt)} at your request, so you cannot sign in. We keep only what the law requires: notarial register entries, the fingerprints of notarised documents, payment records and invoices, and call recordings until their retention period ends. To ask about them, write to our grievance officer.`,
    }),
  // A sensitive admin action after 5 minutes without a proof of identity (issue 22): the web app asks for the
  // password (or a code) in a dialog, POST /auth/step-up, and tries again.
  stepUpRequired: () =>
    new AppError({
      statusCode: 403,
      code: AUTH_ERROR_CODES.stepUpRequired,
      message: 'For this, confirm it is you: enter your password again.',
    }),
  stepUpProofKind: (hasMfa: boolean) =>
    new AppError({
      statusCode: 400,
      code: ERROR_CODES.requestInvalid,
      message: hasMfa
        ? 'Enter the 6-digit code from your authenticator app.'
        : 'Enter your password: this account has no two-step verification.',
    }),
  unauthenticated: () =>
    new AppError({
      statusCode: 401,
      code: AUTH_ERROR_CODES.unauthenticated,
      message: 'Please log in to continue.',
    }),
  forbidden: () =>
    new AppError({
      statusCode: 403,
      code: AUTH_ERROR_CODES.forbidden,
      message: 'You do not have access to this.',
    }),
  // An admin route the caller may not use answers like an address with nothing there (issue 22): clients, notaries
  // and admins without the route's role learn nothing about the console.
  notAdminArea: () =>
    new AppError({
      statusCode: 404,
      code: ERROR_CODES.notFound,
      message: 'Nothing was found at this address.',
    }),
  mfaSetupRequired: () =>
    new AppError({
      statusCode: 403,
      code: AUTH_ERROR_CODES.mfaSetupRequired,
      message: 'Turn on two-step verification in your profile to continue.',
    }),
  mfaInvalidCode: () =>
    new AppError({
      statusCode: 401,
      code: AUTH_ERROR_CODES.mfaInvalidCode,
      message: 'That code is not right. Check your authenticator app and try again.',
    }),
  mfaNotPending: () =>
    new AppError({
      statusCode: 400,
      code: AUTH_ERROR_CODES.mfaNotPending,
      message: 'Your sign-in expired. Enter your e-mail and password again.',
    }),
  mfaAlreadyEnabled: () =>
    new AppError({
      statusCode: 409,
      code: AUTH_ERROR_CODES.mfaAlreadyEnabled,
      message: 'Two-step verification is already on.',
    }),
  mfaRequiredForRole: () =>
    new AppError({
      statusCode: 409,
      code: AUTH_ERROR_CODES.mfaAlreadyEnabled,
      message: 'Two-step verification is required for your role and cannot be turned off.',
    }),
  mfaNotEnabled: () =>
    new AppError({
      statusCode: 409,
      code: AUTH_ERROR_CODES.mfaNotEnabled,
      message: 'Two-step verification is off.',
    }),
  mfaSetupNotStarted: () =>
    new AppError({
      statusCode: 409,
      code: AUTH_ERROR_CODES.mfaNotPending,
      message: 'Start the setup again: scan the new QR code first.',
    }),
  emailTaken: () =>
    new AppError({
      statusCode: 409,
      code: AUTH_ERROR_CODES.emailTaken,
      message: 'Another Mohar account uses this e-mail address. Choose another one.',
    }),
  emailSame: () =>
    new AppError({
      statusCode: 400,
      code: AUTH_ERROR_CODES.emailSame,
      message: 'That is already your e-mail address.',
    }),
  tokenInvalid: (what: 'verification' | 'reset' | 'sign-in' | 'email-change' | 'email-undo') =>
    new AppError({
      statusCode: 400,
      code: AUTH_ERROR_CODES.tokenInvalid,
      message: {
        verification: 'This verification link is invalid or has expired. Ask for a new one.',
        reset: 'This password reset link is invalid or has expired. Ask for a new one.',
        'sign-in':
          'This sign-in link has already been used or has expired. Log in with your password, or reset it.',
        'email-change':
          'This confirmation link is invalid, was replaced by a newer one, or has expired. Ask for the change again from your profile.',
        'email-undo': 'This undo link has already been used or has expired. Contact Mohar support.',
      }[what],
    }),
  passwordWeak: (message: string) =>
    new AppError({ statusCode: 400, code: AUTH_ERROR_CODES.passwordWeak, message }),
  passwordWrong: () =>
    new AppError({
      statusCode: 400,
      code: AUTH_ERROR_CODES.passwordWrong,
      message: 'Your current password is not right.',
    }),
  sessionNotFound: () =>
    new AppError({
      statusCode: 404,
      code: AUTH_ERROR_CODES.sessionNotFound,
      message: 'That session has already ended.',
    }),
  // Says nothing about whether the account exists: the link goes out only to a real one.
  accountThrottled: () =>
    new AppError({
      statusCode: 429,
      code: AUTH_ERROR_CODES.accountThrottled,
      message:
        'Too many failed sign-ins for this account, so signing in with the password is paused for up to an hour. If the account is yours, we have e-mailed you a one-time sign-in link.',
    }),
  tooManyAttempts: () =>
    new AppError({
      statusCode: 429,
      code: ERROR_CODES.rateLimited,
      message: 'Too many failed attempts. Wait 15 minutes, or reset your password.',
    }),
};
