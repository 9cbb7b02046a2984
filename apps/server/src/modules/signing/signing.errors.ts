import { SIGNING_ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

export const signingErrors = {
  notFound: () =>
    new AppError({
      statusCode: 404,
      code: SIGNING_ERROR_CODES.notFound,
      message: 'There is no live session for you here.',
    }),
  notLive: () =>
    new AppError({
      statusCode: 409,
      code: SIGNING_ERROR_CODES.notLive,
      message: 'Signing happens in the live session with the notary.',
    }),
  outOfTurn: (current: string | null) =>
    new AppError({
      statusCode: 409,
      code: SIGNING_ERROR_CODES.outOfTurn,
      message: current
        ? `It is ${current}'s turn to sign. Yours comes next in the order.`
        : 'Everyone has signed.',
    }),
  notConfirmed: () =>
    new AppError({
      statusCode: 409,
      code: SIGNING_ERROR_CODES.notConfirmed,
      message: 'The notary has not confirmed your identity yet. You can sign once they have.',
    }),
  alreadySigned: () =>
    new AppError({
      statusCode: 409,
      code: SIGNING_ERROR_CODES.alreadySigned,
      message: 'You have already signed.',
    }),
  invalidImage: (message: string) =>
    new AppError({ statusCode: 400, code: SIGNING_ERROR_CODES.invalidImage, message }),
  invalidOrder: (message: string) =>
    new AppError({ statusCode: 400, code: SIGNING_ERROR_CODES.invalidOrder, message }),
  invalidPlacement: (message: string) =>
    new AppError({ statusCode: 400, code: SIGNING_ERROR_CODES.invalidPlacement, message }),
  placesLocked: (message: string) =>
    new AppError({ statusCode: 409, code: SIGNING_ERROR_CODES.placesLocked, message }),
};
