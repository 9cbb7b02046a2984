import { SEALING_ERROR_CODES, VERIFY_ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

export const sealingErrors = {
  notFound: () =>
    new AppError({
      statusCode: 404,
      code: SEALING_ERROR_CODES.sessionNotFound,
      message: 'There is no live session for you here.',
    }),
  documentNotFound: () =>
    new AppError({
      statusCode: 404,
      code: SEALING_ERROR_CODES.notFound,
      message: 'There is no notarised document here yet.',
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
  noSeal: () =>
    new AppError({
      statusCode: 404,
      code: SEALING_ERROR_CODES.noSeal,
      message: 'This application has no seal to retry: the notary has not sealed it yet.',
    }),
  failed: (message: string) => new AppError({ statusCode: 503, code: SEALING_ERROR_CODES.failed, message }),
};

/** The public check of a notarised document. */
export const verifyErrors = {
  fileUnreadable: () =>
    new AppError({
      statusCode: 400,
      code: VERIFY_ERROR_CODES.invalid,
      message: 'Upload a PDF of at most 50 MB.',
    }),
  fileMissing: () =>
    new AppError({ statusCode: 400, code: VERIFY_ERROR_CODES.invalid, message: 'Choose the PDF to check.' }),
  notFound: () =>
    new AppError({ statusCode: 404, code: VERIFY_ERROR_CODES.notFound, message: 'Not notarised by Mohar.' }),
};
