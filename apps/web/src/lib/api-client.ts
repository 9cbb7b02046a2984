// Not the package's index: the router's file takes every module its members import, and the index imports all.
import { errorResponse } from '@mohar/contracts/errors';
import { z } from 'zod/mini';
import { API_BASE_PATH } from './api-base';
import { ApiError, CLIENT_ERROR_CODES } from './api-errors';
import { takeBootRead } from './boot-read';

/** Any contract schema; its output type is what a call returns. */
type Schema<T> = z.core.$ZodType<T>;

export const API_BASE = API_BASE_PATH;
export { ApiError };

/** The body of a call: JSON, or a multipart form (the browser sets its content type with the boundary). */
type Body = { json: unknown } | { form: FormData } | undefined;

/** Extras for one call: an abort signal, and headers of its own (`Idempotency-Key` on a checkout). */
export type CallOptions = { signal?: AbortSignal; headers?: Record<string, string> };

async function send(options: {
  method: string;
  path: string;
  body?: Body;
  accept: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** The same request, already started at boot (lib/boot-read.ts). */
  started?: Promise<Response>;
}): Promise<Response> {
  const { body } = options;
  let response: Response;
  try {
    response = await (options.started ??
      fetch(`${API_BASE}${options.path}`, {
        method: options.method,
        credentials: 'include',
        headers: {
          Accept: options.accept,
          ...(body && 'json' in body ? { 'Content-Type': 'application/json' } : {}),
          ...options.headers,
        },
        body: body === undefined ? undefined : 'json' in body ? JSON.stringify(body.json) : body.form,
        signal: options.signal,
      }));
  } catch (error) {
    const aborted = error instanceof DOMException && error.name === 'AbortError';
    throw new ApiError({
      message: aborted ? 'Request aborted' : 'Network Error',
      status: 0,
      code: aborted ? CLIENT_ERROR_CODES.aborted : CLIENT_ERROR_CODES.network,
    });
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => null);
    const parsed = z.safeParse(errorResponse, payload);
    throw new ApiError({
      message: parsed.success ? parsed.data.message : response.statusText || 'Request failed',
      status: response.status,
      code: parsed.success ? parsed.data.code : CLIENT_ERROR_CODES.http,
      details: parsed.success ? parsed.data.details : undefined,
    });
  }
  return response;
}

async function request<T>(options: {
  method: string;
  path: string;
  schema: Schema<T>;
  body?: Body;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  started?: Promise<Response>;
}): Promise<T> {
  const response = await send({ ...options, accept: 'application/json' });
  const payload: unknown = await response.json().catch(() => null);
  return z.parse(options.schema, payload);
}

/** A private file (an uploaded document): fetched with the session cookie, so it can be shown as an object URL. */
async function file(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await send({ method: 'GET', path, accept: '*/*', signal });
  return response.blob();
}

export const api = {
  // The first read of a path the boot already asked for (the session) takes that answer instead of asking again.
  get: <T>(path: string, schema: Schema<T>, signal?: AbortSignal) =>
    request({ method: 'GET', path, schema, signal, started: takeBootRead(path) }),
  post: <T>(path: string, body: unknown, schema: Schema<T>, options?: CallOptions) =>
    request({ method: 'POST', path, schema, body: { json: body }, ...options }),
  put: <T>(path: string, body: unknown, schema: Schema<T>) =>
    request({ method: 'PUT', path, schema, body: { json: body } }),
  patch: <T>(path: string, body: unknown, schema: Schema<T>) =>
    request({ method: 'PATCH', path, schema, body: { json: body } }),
  delete: <T>(path: string, schema: Schema<T>) => request({ method: 'DELETE', path, schema }),
  /** A multipart upload (files, with any text fields in the same form); PUT unless the endpoint says POST. */
  upload: <T>(path: string, form: FormData, schema: Schema<T>, method: 'PUT' | 'POST' = 'PUT') =>
    request({ method, path, schema, body: { form } }),
  file,
};

export { fieldErrorsOf } from './api-errors';
