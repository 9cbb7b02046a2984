import { RECORDING_ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

export const recordingErrors = {
  notFound: () =>
    new AppError({
      statusCode: 404,
      code: RECORDING_ERROR_CODES.notFound,
      message: 'There is no live session of yours here.',
    }),
  browserRecorderRetired: () =>
    new AppError({
      statusCode: 410,
      code: RECORDING_ERROR_CODES.browserRecorderRetired,
      message:
        'Browsers no longer record sessions: the server records every call. Reload the page to continue.',
    }),
};
