import { PAYMENT_ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';
import { formatInr } from './money.ts';

export const paymentErrors = {
  notPayable: (statusLabel: string) =>
    new AppError({
      statusCode: 409,
      code: PAYMENT_ERROR_CODES.notPayable,
      message: `This application is ${statusLabel}, so there is nothing to pay now.`,
    }),
  walletBalanceChanged: (balancePaise: number) =>
    new AppError({
      statusCode: 409,
      code: PAYMENT_ERROR_CODES.walletBalanceChanged,
      message: `Your wallet balance is now ${formatInr(balancePaise)}. Check the amount and try again.`,
      details: { balancePaise },
    }),
  walletExceedsFee: () =>
    new AppError({
      statusCode: 400,
      code: PAYMENT_ERROR_CODES.walletExceedsFee,
      message: 'The wallet amount is more than the fee.',
    }),
  walletLeavesTooLittle: () =>
    new AppError({
      statusCode: 400,
      code: PAYMENT_ERROR_CODES.walletExceedsFee,
      message:
        'The gateway cannot take less than ₹1.00. Use a little less from your wallet, or all of the fee.',
    }),
  webhookMalformed: () =>
    new AppError({
      statusCode: 400,
      code: PAYMENT_ERROR_CODES.signatureInvalid,
      message: 'The webhook body is not a payment event.',
    }),
  orderNotFound: () =>
    new AppError({ statusCode: 404, code: PAYMENT_ERROR_CODES.orderNotFound, message: 'Payment not found.' }),
  orderClosed: () =>
    new AppError({
      statusCode: 409,
      code: PAYMENT_ERROR_CODES.notPayable,
      message: 'This payment is already closed. Go back to the application to see where it stands.',
    }),
  signatureInvalid: () =>
    new AppError({
      statusCode: 400,
      code: PAYMENT_ERROR_CODES.signatureInvalid,
      message: 'The payment confirmation could not be verified.',
    }),
  idempotencyKeyReused: () =>
    new AppError({
      statusCode: 422,
      code: PAYMENT_ERROR_CODES.idempotencyKeyReused,
      message: 'This Idempotency-Key was already used for a different request.',
    }),
  gatewayUnavailable: () =>
    new AppError({
      statusCode: 502,
      code: PAYMENT_ERROR_CODES.gatewayUnavailable,
      message: 'The payment gateway is not answering. Nothing was charged; please try again in a minute.',
    }),
  refundNotAllowed: (message: string) =>
    new AppError({ statusCode: 409, code: PAYMENT_ERROR_CODES.refundNotAllowed, message }),
  refundNotFound: () =>
    new AppError({
      statusCode: 404,
      code: PAYMENT_ERROR_CODES.refundNotFound,
      message: 'Refund request not found.',
    }),
  refundDecided: (status: string) =>
    new AppError({
      statusCode: 409,
      code: PAYMENT_ERROR_CODES.refundDecided,
      message: `This refund request was already ${status}.`,
    }),
  receiptNotFound: () =>
    new AppError({
      statusCode: 404,
      code: PAYMENT_ERROR_CODES.receiptNotFound,
      message: 'Receipt not found.',
    }),
};
