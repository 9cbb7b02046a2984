import { NOTIFICATION_ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

export const notificationErrors = {
  notFound: () =>
    new AppError({
      statusCode: 404,
      code: NOTIFICATION_ERROR_CODES.notFound,
      message: 'That notification was not found. Load the list again.',
    }),
  preferenceLocked: (kinds: readonly string[]) =>
    new AppError({
      statusCode: 400,
      code: NOTIFICATION_ERROR_CODES.preferenceLocked,
      message: 'Security and legal e-mails cannot be turned off.',
      details: { kinds },
    }),
};
