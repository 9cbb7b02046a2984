import type { ErrorCode } from '@mohar/contracts/error-codes';

/** The one error type a feature throws for the caller's mistakes; the error handler turns it into `{ message, code, details? }`. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly details: unknown;
  constructor(options: { statusCode: number; code: ErrorCode; message: string; details?: unknown }) {
    super(options.message);
    this.name = 'AppError';
    this.statusCode = options.statusCode;
    this.code = options.code;
    this.details = options.details;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
