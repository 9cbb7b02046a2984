import { PORTAL_ERROR_CODES, PORTAL_REMINDER_ERROR_CODES, PORTAL_STEP_ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

/** A link that does not open says why, and nothing else: no title, no names. */
export const portalErrors = {
  linkInvalid: () =>
    new AppError({
      statusCode: 404,
      code: PORTAL_ERROR_CODES.linkInvalid,
      message:
        'This link does not open any application. Check that you copied the whole link from the e-mail.',
    }),
  linkExpired: () =>
    new AppError({
      statusCode: 410,
      code: PORTAL_ERROR_CODES.linkExpired,
      message: 'This link has expired. Ask the person who added you to send a new one.',
    }),
  linkReplaced: () =>
    new AppError({
      statusCode: 410,
      code: PORTAL_ERROR_CODES.linkReplaced,
      message: 'A newer link was sent to you. Open the most recent e-mail from Mohar.',
    }),
  applicationClosed: () =>
    new AppError({
      statusCode: 410,
      code: PORTAL_ERROR_CODES.applicationClosed,
      message: 'This application has ended, so its links no longer open.',
    }),
  invitationNotAllowed: (statusLabel: string) =>
    new AppError({
      statusCode: 409,
      code: PORTAL_ERROR_CODES.invitationNotAllowed,
      message: `Links can be sent once the fee is paid and until the session ends. This application is ${statusLabel}.`,
    }),
  reminderNotNeeded: (name: string) =>
    new AppError({
      statusCode: 409,
      code: PORTAL_REMINDER_ERROR_CODES.reminderNotNeeded,
      message: `${name} has no steps left to take before the session, so there is nothing to remind them of.`,
    }),
  reminderTooSoon: (options: { name: string; nextAt: Date; nextAtText: string }) =>
    new AppError({
      statusCode: 409,
      code: PORTAL_REMINDER_ERROR_CODES.reminderTooSoon,
      message: `${options.name} was reminded less than an hour ago. You can send another reminder ${options.nextAtText}.`,
      details: { nextAt: options.nextAt.toISOString() },
    }),
};

export const portalStepErrors = {
  codeWrong: (attemptsLeft: number) =>
    new AppError({
      statusCode: 400,
      code: PORTAL_STEP_ERROR_CODES.codeWrong,
      message: `That code is not right. ${attemptsLeft === 1 ? 'One try is' : `${attemptsLeft} tries are`} left.`,
      details: { attemptsLeft },
    }),
  codeExpired: () =>
    new AppError({
      statusCode: 400,
      code: PORTAL_STEP_ERROR_CODES.codeExpired,
      message: 'This code has expired or was replaced. Ask for a new one.',
    }),
  codeLocked: () =>
    new AppError({
      statusCode: 429,
      code: PORTAL_STEP_ERROR_CODES.codeLocked,
      message: 'Too many wrong tries. Ask for a new code.',
    }),
  codeTooSoon: (retryAfterSeconds: number) =>
    new AppError({
      statusCode: 429,
      code: PORTAL_STEP_ERROR_CODES.codeTooSoon,
      message:
        retryAfterSeconds > 60
          ? 'You asked for several codes. Try again in a while, or use the newest code you received.'
          : `A code was just sent. You can ask for another in ${retryAfterSeconds} seconds.`,
      details: { retryAfterSeconds },
    }),
  stepOutOfOrder: (what: string) =>
    new AppError({
      statusCode: 409,
      code: PORTAL_STEP_ERROR_CODES.stepOutOfOrder,
      message: what,
    }),
  consentOutdated: () =>
    new AppError({
      statusCode: 409,
      code: PORTAL_STEP_ERROR_CODES.consentOutdated,
      message: 'The consent text has changed since this page was opened. Read the new text and decide again.',
    }),
};
