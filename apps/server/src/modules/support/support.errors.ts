import { SUPPORT_ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

export const supportErrors = {
  // Another user's ticket answers like one that does not exist.
  ticketNotFound: () =>
    new AppError({
      statusCode: 404,
      code: SUPPORT_ERROR_CODES.ticketNotFound,
      message: 'This support request was not found.',
    }),
  illegalTransition: (from: string, to: string) =>
    new AppError({
      statusCode: 409,
      code: SUPPORT_ERROR_CODES.illegalTransition,
      message: `A support request that is ${from.replaceAll('_', ' ')} cannot become ${to.replaceAll('_', ' ')}.`,
    }),
  closed: () =>
    new AppError({
      statusCode: 409,
      code: SUPPORT_ERROR_CODES.ticketClosed,
      message: 'This support request is closed. Reopen it before replying.',
    }),
  // One answer for an unknown and an expired link: the page cannot tell which tokens ever existed.
  replyLinkInvalid: () =>
    new AppError({
      statusCode: 404,
      code: SUPPORT_ERROR_CODES.replyLinkInvalid,
      message: 'This link is not valid or has expired. Write to us again from the contact page.',
    }),
  assigneeInvalid: () =>
    new AppError({
      statusCode: 400,
      code: SUPPORT_ERROR_CODES.assigneeInvalid,
      message: 'Tickets can be assigned only to an active support admin.',
    }),
  applicationNotFound: () =>
    new AppError({
      statusCode: 404,
      code: SUPPORT_ERROR_CODES.applicationNotFound,
      message: 'That application was not found among yours.',
    }),
};
