import { IN_HOUSE_NOTARY_ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

export const inHouseNotaryErrors = {
  // Another organisation's link, another notary's invitation and none at all answer alike.
  notFound: () =>
    new AppError({
      statusCode: 404,
      code: IN_HOUSE_NOTARY_ERROR_CODES.notFound,
      message: 'This in-house notary link was not found.',
    }),
  notaryUnavailable: () =>
    new AppError({
      statusCode: 409,
      code: IN_HOUSE_NOTARY_ERROR_CODES.notaryUnavailable,
      message: 'Only a verified notary with a valid commission can be invited.',
    }),
  alreadyLinked: () =>
    new AppError({
      statusCode: 409,
      code: IN_HOUSE_NOTARY_ERROR_CODES.alreadyLinked,
      message: 'This notary is already invited or works for the organisation.',
    }),
  noneLinked: () =>
    new AppError({
      statusCode: 409,
      code: IN_HOUSE_NOTARY_ERROR_CODES.noneLinked,
      message:
        'Your organisation sends requests only to its own notaries, and none has accepted yet. Ask an owner or admin to invite one, or to change the setting.',
    }),
};
