import { errorResponse } from '@mohar/contracts';
import { z } from 'zod/mini';

/** Any contract schema; its output type is what a call returns. */
type Schema<T> = z.core.$ZodType<T>;

export const API_BASE = '/api/v1';

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

async function request<T>(options: {
  method: string;
  path: string;
  schema: Schema<T>;
  body?: unknown;
  signal?: AbortSignal;
}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${options.path}`, {
      method: options.method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    const aborted = error instanceof DOMException && error.name === 'AbortError';
    throw new ApiError({
      message: aborted ? 'Request aborted' : 'Network Error',
      status: 0,
      code: aborted ? 'request.aborted' : 'network.error',
    });
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = z.safeParse(errorResponse, payload);
    throw new ApiError({
      message: parsed.success ? parsed.data.message : response.statusText || 'Request failed',
      status: response.status,
      code: parsed.success ? parsed.data.code : 'http.error',
      details: parsed.success ? parsed.data.details : undefined,
    });
  }
  return z.parse(options.schema, payload);
}

export const api = {
  get: <T>(path: string, schema: Schema<T>, signal?: AbortSignal) =>
    request({ method: 'GET', path, schema, signal }),
  post: <T>(path: string, body: unknown, schema: Schema<T>) =>
    request({ method: 'POST', path, schema, body }),
  put: <T>(path: string, body: unknown, schema: Schema<T>) =>
    request({ method: 'PUT', path, schema, body }),
};

/** Where the server explained a field, show that next to the field (details: [{ path, message }]). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  const out: Record<string, string> = {};
  for (const issue of error.details as Array<{ path?: unknown; message?: unknown }>) {
    if (typeof issue.path === 'string' && typeof issue.message === 'string')
      out[issue.path] ??= issue.message;
  }
  return out;
}
