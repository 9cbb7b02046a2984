import { PRIVACY_ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

export const privacyErrors = {
  requestNotFound: () =>
    new AppError({
      statusCode: 404,
      code: PRIVACY_ERROR_CODES.requestNotFound,
      message: 'Request not found.',
    }),
  requestPending: () =>
    new AppError({
      statusCode: 409,
      code: PRIVACY_ERROR_CODES.requestPending,
      message: 'You already have a request waiting. Cancel it first to make another.',
    }),
  requestNotPending: () =>
    new AppError({
      statusCode: 409,
      code: PRIVACY_ERROR_CODES.requestNotPending,
      message: 'This request is no longer waiting: it was cancelled or carried out.',
    }),
  noticeOutdated: () =>
    new AppError({
      statusCode: 409,
      code: PRIVACY_ERROR_CODES.noticeOutdated,
      message: 'The privacy notice changed while you were reading it. Reload the page to read the new one.',
    }),
  exportPending: () =>
    new AppError({
      statusCode: 409,
      code: PRIVACY_ERROR_CODES.exportPending,
      message: 'Your data is already being prepared. We will e-mail you when it is ready.',
    }),
  exportNotFound: () =>
    new AppError({
      statusCode: 404,
      code: PRIVACY_ERROR_CODES.exportNotFound,
      message: 'This download is not available: it may have expired. Ask for a new one from your profile.',
    }),
};
