import { errorResponse } from '@mohar/contracts';
import { z } from 'zod/mini';
import { ApiError } from './api-errors';

/** Any contract schema; its output type is what a call returns. */
type Schema<T> = z.core.$ZodType<T>;

export const API_BASE = '/api/v1';
export { ApiError };

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
  put: <T>(path: string, body: unknown, schema: Schema<T>) => request({ method: 'PUT', path, schema, body }),
  patch: <T>(path: string, body: unknown, schema: Schema<T>) =>
    request({ method: 'PATCH', path, schema, body }),
  delete: <T>(path: string, schema: Schema<T>) => request({ method: 'DELETE', path, schema }),
};

export { fieldErrorsOf } from './api-errors';
