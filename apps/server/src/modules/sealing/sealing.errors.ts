import { AppError } from '../../platform/app-error.ts';

export const SEALING_ERROR_CODES = {
  notReady: 'sealing.not_ready',
  recordingUnfinished: 'sealing.recording_unfinished',
  inProgress: 'sealing.in_progress',
  failed: 'sealing.failed',
} as const;

export const sealingErrors = {
  notFound: () =>
    new AppError({
      statusCode: 404,
      code: 'sessions.not_found',
      message: 'There is no live session for you here.',
    }),
  notAllSigned: (waitingFor: string[]) =>
    new AppError({
      statusCode: 409,
      code: SEALING_ERROR_CODES.notReady,
      message: `Everyone signs before the seal. Still to sign: ${waitingFor.join(', ')}.`,
    }),
  recordingUnfinished: () =>
    new AppError({
      statusCode: 409,
      code: SEALING_ERROR_CODES.recordingUnfinished,
      message: 'Finish the session recording first: its fingerprint goes on the certificate.',
    }),
  inProgress: () =>
    new AppError({
      statusCode: 409,
      code: SEALING_ERROR_CODES.inProgress,
      message: 'The document is being sealed. This takes a few seconds.',
    }),
  failed: (message: string) => new AppError({ statusCode: 503, code: SEALING_ERROR_CODES.failed, message }),
};
