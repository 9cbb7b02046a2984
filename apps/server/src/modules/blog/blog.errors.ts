import { ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

export const blogNotFound = () =>
  new AppError({
    statusCode: 404,
    code: ERROR_CODES.blogNotFound,
    message: 'We could not find that article.',
  });
