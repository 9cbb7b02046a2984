import { WEBHOOK_ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

export const webhookErrors = {
  // Another organisation's endpoint or delivery answers as one that does not exist.
  notFound: () =>
    new AppError({
      statusCode: 404,
      code: WEBHOOK_ERROR_CODES.notFound,
      message: 'This webhook endpoint was not found.',
    }),
  notHttps: () =>
    new AppError({
      statusCode: 400,
      code: WEBHOOK_ERROR_CODES.urlRefused,
      message: 'The URL must start with https://.',
    }),
  privateAddress: () =>
    new AppError({
      statusCode: 400,
      code: WEBHOOK_ERROR_CODES.urlRefused,
      message: 'The URL must reach a public internet address, not a private or local one.',
    }),
  tooMany: (max: number) =>
    new AppError({
      statusCode: 409,
      code: WEBHOOK_ERROR_CODES.tooMany,
      message: `An organisation can have at most ${max} webhook endpoints: delete one first.`,
    }),
};
