import type { ErrorCode } from '@mohar/contracts/error-codes';
import { ERRORS_NAMESPACE, i18n, translateValidation } from './i18n';

// No schema library here (the codes come from the contract's zod-free entry): the landing page uses this module.

/** Codes the browser gives a call that got no answer from the API (spec §8: 'Network Error', 'Request aborted'). */
export const CLIENT_ERROR_CODES = {
  network: 'network.error',
  aborted: 'request.aborted',
  /** An answer that is not the API's `{ message, code }` (a proxy's error page, say). */
  http: 'http.error',
} as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[keyof typeof CLIENT_ERROR_CODES];

/** Every failed call becomes an ApiError carrying the server's `{ message, code }` when there is one. */
export class ApiError extends Error {
  readonly status: number;
  /** An `ErrorCode` or a `ClientErrorCode`, or a code this build does not know yet (a newer server). */
  readonly code: string;
  readonly details: unknown;
  constructor(options: { message: string; status: number; code: string; details?: unknown }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.details = options.details;
  }
}

/**
 * Where the server explained a field, show that next to the field. Server paths name the request part
 * (`body.email`); forms know fields by name (`email`), so the part is dropped.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  const out: Record<string, string> = {};
  for (const issue of error.details as Array<{ path?: unknown; message?: unknown }>) {
    if (typeof issue.path === 'string' && typeof issue.message === 'string')
      out[issue.path] ??= issue.message;
  }
  return out;
}

/** Whether a failure is the API's answer with this code (`auth.invalid_credentials`, …). */
export function hasErrorCode(error: unknown, code: ErrorCode | ClientErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

/** A dotted code (`feature.reason`): anything else is not looked up, so it cannot name a group of texts. */
const CODE_PATTERN = /^[a-z]+\.[a-z]+(?:_[a-z]+)*$/;

/**
 * The one place a code becomes text: the `errors` namespace in the reader's language, or null for a code it has no
 * text for. Where the server words a code case by case (which field, which file problem), the English text is the
 * server's own sentence (`{{message}}`) and other languages say it in general terms; `details` fill in the rest.
 */
export function errorText(error: unknown): string | null {
  if (!(error instanceof ApiError) || !CODE_PATTERN.test(error.code)) return null;
  const key = `${ERRORS_NAMESPACE}:${error.code}`;
  if (!i18n.isInitialized || !i18n.exists(key)) return null;
  // `replace`, so a detail named like an option (`count`, `lng`) stays a value.
  const text = i18n.t(key, { replace: { ...detailValues(error.details), message: error.message } });
  return text.trim() === '' ? null : text;
}

/** The plain values of an error's details (`attemptsLeft`, `requestId`, …), for a text to mention. */
function detailValues(details: unknown): Record<string, string | number> {
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return {};
  return Object.fromEntries(
    Object.entries(details).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
}

/**
 * The text for a failure: the text for its code, else the server's message (a code this build does not know), else
 * the error's own text, else ''. An ApiError without an answer carries 'Network Error' / 'Request aborted'.
 */
export function errorMessage(error: unknown): string {
  const text = errorText(error);
  if (text !== null) return text;
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (typeof error === 'string' && error.trim() !== '') return error;
  return '';
}

/** The text a failed call shows (spec §8): `errorMessage`, else the screen's fixed fallback ('Login failed', …). */
export function failureMessage(error: unknown, fallback: string): string {
  return errorMessage(error) || fallback;
}

/**
 * Server field paths (`body.email`) keyed by the form's field names (`email`), keeping only fields the form has.
 */
export function formFieldErrorsOf<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const [path, message] of Object.entries(fieldErrorsOf(error))) {
    const field = path.split('.').pop() ?? '';
    if ((fields as readonly string[]).includes(field)) out[field as F] ??= translateValidation(message);
  }
  return out;
}

/**
 * A refused request's problems by form field: the server's field paths, and the whole-request codes that belong to
 * one field (`codeFields`: a wrong current password is the current-password field's problem) with `message`.
 */
export function formFailureErrorsOf<F extends string>(
  error: unknown,
  options: { fields: readonly F[]; codeFields?: CodeFields<F>; message: string },
): Partial<Record<F, string>> {
  const out = formFieldErrorsOf(error, options.fields);
  const codeFields = Object.entries(options.codeFields ?? {}) as Array<[ErrorCode | ClientErrorCode, F]>;
  for (const [code, field] of codeFields) if (hasErrorCode(error, code)) out[field] ??= options.message;
  return out;
}

/** The form field each whole-request refusal belongs to. */
export type CodeFields<F extends string> = Partial<Record<ErrorCode | ClientErrorCode, F>>;
