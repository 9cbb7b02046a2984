import { IDENTITY_ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

export const identityErrors = {
  notFound: () =>
    new AppError({
      statusCode: 404,
      code: IDENTITY_ERROR_CODES.notFound,
      message: 'No such identity image.',
    }),
  reasonRequired: () =>
    new AppError({
      statusCode: 400,
      code: IDENTITY_ERROR_CODES.reasonRequired,
      message: 'Say why you need to see this identity image (at least 5 characters). The reason is logged.',
    }),
  fileInvalid: (message: string) =>
    new AppError({ statusCode: 400, code: IDENTITY_ERROR_CODES.fileInvalid, message }),
  fileTooLarge: (message: string) =>
    new AppError({ statusCode: 413, code: IDENTITY_ERROR_CODES.fileTooLarge, message }),
  notYet: (message: string) => new AppError({ statusCode: 409, code: IDENTITY_ERROR_CODES.notYet, message }),
  incomplete: (missing: string[]) =>
    new AppError({
      statusCode: 409,
      code: IDENTITY_ERROR_CODES.incomplete,
      message: `Add ${missing.join(' and ')} first.`,
      details: { missing },
    }),
};
