import { SUPPORT_ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

export const newsletterErrors = {
  // One answer for an unknown, altered or expired link.
  linkInvalid: () =>
    new AppError({
      statusCode: 404,
      code: SUPPORT_ERROR_CODES.newsletterLinkInvalid,
      message: 'This link is not valid or has expired. Subscribe again from the home page.',
    }),
};
