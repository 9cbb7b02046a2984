import { BILLING_ERROR_CODES, TRIAL_LIMITS } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';
import { formatInr } from '../payments/money.ts';

export const billingErrors = {
  planNotFound: () =>
    new AppError({
      statusCode: 404,
      code: BILLING_ERROR_CODES.planNotFound,
      message: 'This plan was not found or takes no new subscribers.',
    }),
  // Another organisation's invoice answers like one that does not exist.
  invoiceNotFound: () =>
    new AppError({
      statusCode: 404,
      code: BILLING_ERROR_CODES.invoiceNotFound,
      message: 'This invoice was not found.',
    }),
  trialLimit: () =>
    new AppError({
      statusCode: 409,
      code: BILLING_ERROR_CODES.trialLimit,
      message: `The trial covers ${TRIAL_LIMITS.notarisations} notarisations and all of them are used: subscribe to a plan, or pay by card or from the wallet.`,
    }),
  trialEnded: () =>
    new AppError({
      statusCode: 409,
      code: BILLING_ERROR_CODES.trialEnded,
      message: `The ${TRIAL_LIMITS.days}-day trial is over: subscribe to a plan, or pay by card or from the wallet.`,
    }),
  noActivePlan: () =>
    new AppError({
      statusCode: 409,
      code: BILLING_ERROR_CODES.noActivePlan,
      message: 'The organisation has no active plan yet: pay by card or from the wallet.',
    }),
  alreadySubscribed: () =>
    new AppError({
      statusCode: 409,
      code: BILLING_ERROR_CODES.alreadySubscribed,
      message: 'The organisation is already on this plan.',
    }),
  walletShort: (balancePaise: number) =>
    new AppError({
      statusCode: 409,
      code: BILLING_ERROR_CODES.walletShort,
      message: `The organisation wallet holds ${formatInr(balancePaise)}, less than the fee: pay another way.`,
    }),
  notOrganisationApplication: () =>
    new AppError({
      statusCode: 409,
      code: BILLING_ERROR_CODES.notOrganisationApplication,
      message: 'Only an application made for an organisation can be paid from its wallet or plan.',
    }),
};
