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
