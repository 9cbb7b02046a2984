import { APPLICATION_ERROR_CODES, type ApplicationMissingItem } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

export const applicationErrors = {
  notFound: () =>
    new AppError({
      statusCode: 404,
      code: APPLICATION_ERROR_CODES.notFound,
      message: 'Application not found.',
    }),
  illegalTransition: (options: { from: string; to: string; message: string }) =>
    new AppError({
      statusCode: 409,
      code: APPLICATION_ERROR_CODES.illegalTransition,
      message: options.message,
      details: { from: options.from, to: options.to },
    }),
  notEditable: (statusLabel: string) =>
    new AppError({
      statusCode: 409,
      code: APPLICATION_ERROR_CODES.notEditable,
      message: `This application is ${statusLabel}; only a draft can be changed.`,
    }),
  incomplete: (missing: ApplicationMissingItem[]) =>
    new AppError({
      statusCode: 409,
      code: APPLICATION_ERROR_CODES.incomplete,
      message: `The application is not complete yet: ${missing.map((m) => m.message).join(' ')}`,
      details: { missing },
    }),
  acknowledgementRequired: () =>
    new AppError({
      statusCode: 409,
      code: APPLICATION_ERROR_CODES.acknowledgementRequired,
      message:
        'This type of document is in the First Schedule of the IT Act. Confirm that you understand a notarised electronic copy may not be accepted before you submit.',
      details: {
        missing: [
          { step: 'details', code: 'first_schedule', message: 'Acknowledge the First Schedule warning.' },
        ],
      },
    }),
  documentInvalid: (message: string) =>
    new AppError({ statusCode: 400, code: APPLICATION_ERROR_CODES.documentInvalid, message }),
  documentTooLarge: (maxMegabytes: number) =>
    new AppError({
      statusCode: 413,
      code: APPLICATION_ERROR_CODES.documentInvalid,
      message: `The PDF is larger than ${maxMegabytes} MB. Compress it or split it, then upload it again.`,
    }),
  signatoriesInvalid: (issues: Array<{ path: string; message: string }>) =>
    new AppError({
      statusCode: 400,
      code: APPLICATION_ERROR_CODES.signatoriesInvalid,
      message: issues[0]?.message ?? 'Check the signatories.',
      details: issues,
    }),
  notaryUnavailable: () =>
    new AppError({
      statusCode: 409,
      code: APPLICATION_ERROR_CODES.notaryUnavailable,
      message:
        'That notary cannot take new applications right now. Choose another notary or “first available notary”.',
    }),
  notaryNotInHouse: () =>
    new AppError({
      statusCode: 422,
      code: APPLICATION_ERROR_CODES.notaryNotInHouse,
      message:
        'Your organisation uses only its own in-house notaries, and this notary is not one of them. Choose one of its notaries.',
    }),
};
