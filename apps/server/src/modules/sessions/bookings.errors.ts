import { BOOKING_FREE_CHANGE_HOURS, ERROR_CODES, SESSION_ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';
import { applicationErrors } from '../applications/applications.errors.ts';

export const bookingErrors = {
  slotTaken: () =>
    new AppError({
      statusCode: 409,
      code: SESSION_ERROR_CODES.slotTaken,
      message: 'Someone has just booked this time. Choose another one.',
    }),
  slotUnavailable: (why: 'grid' | 'past' | 'ahead' | 'hours' | 'notary') =>
    new AppError({
      statusCode: 409,
      code: SESSION_ERROR_CODES.slotUnavailable,
      message: {
        grid: 'Sessions start on the hour or the half hour.',
        past: 'That time has passed. Choose a later one.',
        ahead: 'Sessions can be booked up to 30 days ahead.',
        hours: 'Sessions run from 10:00 to 20:00 IST, except on holidays. Choose a time inside those hours.',
        notary: 'The notary does not work at that time. Choose another time or another notary.',
      }[why],
      details: { reason: why },
    }),
  locked: () =>
    new AppError({
      statusCode: 409,
      code: SESSION_ERROR_CODES.bookingLocked,
      message: `A booking can be moved or cancelled up to ${BOOKING_FREE_CHANGE_HOURS} hours before it starts. Contact support if you cannot attend.`,
    }),
  notAllowed: (why: 'status' | 'booked' | 'early') =>
    new AppError({
      statusCode: 409,
      code: SESSION_ERROR_CODES.bookingNotAllowed,
      message: {
        status: 'A session can be booked once the fee is paid, until the notarisation starts.',
        booked: 'This application already has a booked session. Move or cancel it instead.',
        early:
          'This application has a booked session: Start Notarization opens 10 minutes before it. Cancel the booking to use the queue instead.',
      }[why],
    }),
  // The same rule, code and sentence as a draft naming an outsider (decision 0091).
  notaryNotInHouse: applicationErrors.notaryNotInHouse,
  // No booking, or an application the caller may not see: the same answer as an address with nothing there.
  notFound: () =>
    new AppError({
      statusCode: 404,
      code: ERROR_CODES.notFound,
      message: 'Nothing was found at this address.',
    }),
};
