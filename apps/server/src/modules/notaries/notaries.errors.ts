import { ERROR_CODES, NOTARY_ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { FileRefusal } from './file-check.ts';

const REFUSAL_CODES = {
  invalid: NOTARY_ERROR_CODES.fileInvalid,
  active_content: NOTARY_ERROR_CODES.fileActiveContent,
  appended_data: NOTARY_ERROR_CODES.fileAppendedData,
} as const satisfies Record<FileRefusal['refusal'], string>;

export const notaryErrors = {
  notFound: () =>
    new AppError({ statusCode: 404, code: NOTARY_ERROR_CODES.notFound, message: 'Notary not found.' }),
  illegalTransition: (options: { from: string; action: string }) =>
    new AppError({
      statusCode: 409,
      code: NOTARY_ERROR_CODES.illegalTransition,
      message: `A notary whose application is ${options.from} cannot be ${options.action}.`,
      details: options,
    }),
  incomplete: (missing: string[]) =>
    new AppError({
      statusCode: 409,
      code: NOTARY_ERROR_CODES.incomplete,
      message: `Complete every step before submitting. Still missing: ${missing.join(', ')}.`,
      details: { missing },
    }),
  locked: (status: string) =>
    new AppError({
      statusCode: 409,
      code: NOTARY_ERROR_CODES.locked,
      message:
        status === 'pending'
          ? 'Your application is with our team for verification; it cannot be changed until they decide.'
          : 'Verified details cannot be changed here. Contact support to update them.',
    }),
  registrationTaken: () =>
    new AppError({
      statusCode: 409,
      code: NOTARY_ERROR_CODES.registrationTaken,
      message:
        'Another notary on Mohar already uses this registration number. Contact support if it is yours.',
    }),
  certificateInvalid: (message: string) =>
    new AppError({ statusCode: 400, code: NOTARY_ERROR_CODES.certificateInvalid, message }),
  fileInvalid: (message: string) =>
    new AppError({ statusCode: 400, code: NOTARY_ERROR_CODES.fileInvalid, message }),
  /** An upload the file check refused, with the code for why (file-check.ts). */
  fileRefused: (refused: FileRefusal) =>
    new AppError({ statusCode: 400, code: REFUSAL_CODES[refused.refusal], message: refused.message }),
  outsideServiceHours: () =>
    new AppError({
      statusCode: 400,
      code: NOTARY_ERROR_CODES.outsideServiceHours,
      message: 'Working hours must fall within the service hours, 10:00 AM to 8:00 PM IST.',
    }),
  /** A payout statement's months the wrong way round, or more of them than one statement holds. */
  invalidPeriod: (maxMonths: number) =>
    new AppError({
      statusCode: 400,
      code: ERROR_CODES.requestInvalid,
      message: `Choose a period from an earlier month to a later one, at most ${maxMonths} months.`,
    }),
  cannotTakeWork: () =>
    new AppError({
      statusCode: 409,
      code: NOTARY_ERROR_CODES.cannotTakeWork,
      message: 'Only a verified notary with a commission in force can go online.',
    }),
};
