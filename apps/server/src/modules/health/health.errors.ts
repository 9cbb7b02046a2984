import { ERROR_CODES, type ReadinessChecks } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

export const healthErrors = {
  /** 503 naming every dependency that did not answer; `details` holds each one's state. */
  notReady: (options: { failed: string[]; checks: ReadinessChecks }) =>
    new AppError({
      statusCode: 503,
      code: ERROR_CODES.notReady,
      message: `Not ready: ${options.failed.join(', ')} did not answer.`,
      details: options.checks,
    }),
};
