import { RECORDING_ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

export const recordingErrors = {
  notFound: () =>
    new AppError({
      statusCode: 404,
      code: RECORDING_ERROR_CODES.notFound,
      message: 'There is no live session of yours here.',
    }),
  chunkConflict: (index: number) =>
    new AppError({
      statusCode: 409,
      code: RECORDING_ERROR_CODES.chunkConflict,
      message: `Part ${index} of the recording was already received with other content.`,
    }),
  chunksMissing: (missing: number[]) =>
    new AppError({
      statusCode: 409,
      code: RECORDING_ERROR_CODES.chunksMissing,
      message: `Parts of the recording are missing (${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''}). Send them again, then finish.`,
      details: { missing },
    }),
  browserRecorderRetired: () =>
    new AppError({
      statusCode: 410,
      code: RECORDING_ERROR_CODES.browserRecorderRetired,
      message:
        'Browsers no longer record sessions: the server records every call. Reload the page to continue.',
    }),
  invalid: (message: string) =>
    new AppError({ statusCode: 400, code: RECORDING_ERROR_CODES.invalid, message }),
};
