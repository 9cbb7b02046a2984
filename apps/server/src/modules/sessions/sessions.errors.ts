import { SESSION_ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';
import { opensAtText } from './service-hours.ts';

export const sessionErrors = {
  notReady: (statusLabel: string) =>
    new AppError({
      statusCode: 409,
      code: SESSION_ERROR_CODES.notReady,
      message: `This application is ${statusLabel}: a notary can be requested once every signatory has proved their identity.`,
    }),
  addressMissing: (names: string[]) =>
    new AppError({
      statusCode: 409,
      code: SESSION_ERROR_CODES.addressMissing,
      message: `The notarial register needs the postal address of every signatory. Still to add it in their portal: ${names.join(', ')}.`,
      details: { names: names.join(', ') },
    }),
  outsideHours: (opensAt: Date) =>
    new AppError({
      statusCode: 409,
      code: SESSION_ERROR_CODES.outsideHours,
      message: `Notarisation sessions run from 10:00 to 20:00 IST. The service opens again ${opensAtText(opensAt)}.`,
      details: { opensAt: opensAt.toISOString() },
    }),
  /** `missing`: who is in the call but whose audio and video have not reached the recorder (decision 0081). */
  recordingRequired: (missing: string[] = []) =>
    new AppError({
      statusCode: 409,
      code: SESSION_ERROR_CODES.recordingRequired,
      message:
        missing.length > 0
          ? 'The audio and video of someone in the call are not reaching the recorder. The act continues once they do.'
          : 'The session is not being recorded yet. The act continues once the recorder receives the call.',
      details: { missing: missing.join(', ') },
    }),
  openNow: () =>
    new AppError({
      statusCode: 409,
      code: SESSION_ERROR_CODES.openNow,
      message: 'Notaries are available now: start the notarisation instead.',
    }),
  requestGone: () =>
    new AppError({
      statusCode: 409,
      code: SESSION_ERROR_CODES.requestGone,
      message: 'This request is no longer waiting: another notary accepted it first, or it was withdrawn.',
    }),
  notFound: () =>
    new AppError({
      statusCode: 404,
      code: SESSION_ERROR_CODES.notFound,
      message: 'That request was not found.',
    }),
  cannotTakeWork: () =>
    new AppError({
      statusCode: 403,
      code: SESSION_ERROR_CODES.cannotTakeWork,
      message: 'Only a verified notary with a valid commission can take requests.',
    }),
};
