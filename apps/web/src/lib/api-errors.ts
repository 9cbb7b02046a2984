// No schema library here: screens that only need to recognise a failure stay light.
/** Every failed call becomes an ApiError carrying the server's `{ message, code }` when there is one. */
export class ApiError extends Error {
  readonly status: number;
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
export function hasErrorCode(error: unknown, code: string): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

/**
 * The text a failed call shows (spec §8): the server's message, else the error's own text, else the screen's
 * fixed fallback ('Login failed', 'Registration failed', …). An ApiError's message already is the server's message,
 * or 'Network Error' / 'Request aborted' when no answer came.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (typeof error === 'string' && error.trim() !== '') return error;
  return fallback;
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
    if ((fields as readonly string[]).includes(field)) out[field as F] ??= message;
  }
  return out;
}

/**
 * A refused request's problems by form field: the server's field paths, and the whole-request codes that belong to
 * one field (`codeFields`: a wrong current password is the current-password field's problem) with `message`.
 */
export function formFailureErrorsOf<F extends string>(
  error: unknown,
  options: { fields: readonly F[]; codeFields?: Partial<Record<string, F>>; message: string },
): Partial<Record<F, string>> {
  const out = formFieldErrorsOf(error, options.fields);
  for (const [code, field] of Object.entries(options.codeFields ?? {}))
    if (field && hasErrorCode(error, code)) out[field] ??= options.message;
  return out;
}
