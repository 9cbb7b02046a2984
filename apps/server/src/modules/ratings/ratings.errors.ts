import { APPLICATION_ERROR_CODES, RATING_ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

export const ratingErrors = {
  /** Another person's application, or none: the same 404 as every application route. */
  applicationNotFound: () =>
    new AppError({
      statusCode: 404,
      code: APPLICATION_ERROR_CODES.notFound,
      message: 'Application not found.',
    }),
  notCompleted: () =>
    new AppError({
      statusCode: 409,
      code: RATING_ERROR_CODES.notCompleted,
      message: 'Only a completed (notarised) session can be rated.',
    }),
  alreadyRated: () =>
    new AppError({
      statusCode: 409,
      code: RATING_ERROR_CODES.alreadyRated,
      message: 'You have rated this session already; a rating cannot be changed.',
    }),
};
