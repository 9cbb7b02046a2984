import type { ErrorResponse } from '@mohar/contracts/errors';
import type { z } from 'zod/mini';
import { actingAsHeaders, NOT_MEMBER_CODE, setActingAs } from './acting-as';
import { API_BASE_PATH } from './api-base';
import { ApiError, CLIENT_ERROR_CODES } from './api-errors';
import { takeBootRead } from './boot-read';
import { retryDelay } from './request-retry';

/**
 * A call names its answer's contract schema as a type (`api.get<typeof blogListResponse>(…)`), not as a value: the
 * server already parses every answer with that schema before sending it (decision 0001's contracts), so checking it
 * again here only shipped zod and every response schema to pages that need neither (decision 0023).
 */
type Schema = z.core.$ZodType;
type Answer<S extends Schema> = z.output<S>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The API's `{ message, code, details? }`, or null for anything else (a proxy's error page, say). */
function errorBodyOf(payload: unknown): ErrorResponse | null {
  if (!isRecord(payload) || typeof payload.message !== 'string' || typeof payload.code !== 'string')
    return null;
  return { message: payload.message, code: payload.code, details: payload.details };
}

export const API_BASE = API_BASE_PATH;
export { ApiError };

/** The body of a call: JSON, or a multipart form (the browser sets its content type with the boundary). */
type Body = { json: unknown } | { form: FormData } | undefined;

/** Extras for one call: an abort signal, and headers of its own (`Idempotency-Key` on a checkout). */
export type CallOptions = { signal?: AbortSignal; headers?: Record<string, string> };

type SendOptions = {
  method: string;
  path: string;
  body?: Body;
  accept: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** The same request, already started at boot (lib/boot-read.ts). */
  started?: Promise<Response>;
};

/** One try: the answer when it is a success, else the failure as an ApiError. */
async function sendOnce(options: SendOptions): Promise<Response> {
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
          ...actingAsHeaders(),
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
    const body = errorBodyOf(payload);
    // The organisation chosen in this browser is no longer the person's: back to the personal account.
    if (body?.code === NOT_MEMBER_CODE) setActingAs(null);
    throw new ApiError({
      message: body ? body.message : response.statusText || 'Request failed',
      status: response.status,
      code: body ? body.code : CLIENT_ERROR_CODES.http,
      details: body?.details,
    });
  }
  return response;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the call, and again to another process when the one it reached was shutting down or had gone
 * (lib/request-retry.ts says when; a boot read that failed is asked again as a fresh request).
 */
async function send(options: SendOptions): Promise<Response> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await sendOnce(retry === 0 ? options : { ...options, started: undefined });
    } catch (error) {
      const failure = error as ApiError;
      const delay =
        failure.code === CLIENT_ERROR_CODES.aborted
          ? null
          : retryDelay({
              attempt: { status: failure.status, code: failure.code },
              retry,
              method: options.method,
            });
      if (delay === null || options.signal?.aborted) throw failure;
      await pause(delay);
    }
  }
}

async function request<S extends Schema>(options: {
  method: string;
  path: string;
  body?: Body;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  started?: Promise<Response>;
}): Promise<Answer<S>> {
  const response = await send({ ...options, accept: 'application/json' });
  const payload: unknown = await response.json().catch(() => null);
  // Every answer of the API is a JSON object or list. Anything else (an HTML page from a proxy or a stale service
  // worker, an empty body) is a failure the screens already show, not data to render.
  if (typeof payload !== 'object' || payload === null) {
    throw new ApiError({
      message: response.statusText || 'Request failed',
      status: response.status,
      code: CLIENT_ERROR_CODES.http,
    });
  }
  return payload as Answer<S>;
}

/** A private file (an uploaded document): fetched with the session cookie, so it can be shown as an object URL. */
async function file(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await send({ method: 'GET', path, accept: '*/*', signal });
  return response.blob();
}

export const api = {
  // The first read of a path the boot already asked for (the session) takes that answer instead of asking again.
  get: <S extends Schema>(path: string, signal?: AbortSignal) =>
    request<S>({ method: 'GET', path, signal, started: takeBootRead(path) }),
  post: <S extends Schema>(path: string, body: unknown, options?: CallOptions) =>
    request<S>({ method: 'POST', path, body: { json: body }, ...options }),
  put: <S extends Schema>(path: string, body: unknown) =>
    request<S>({ method: 'PUT', path, body: { json: body } }),
  patch: <S extends Schema>(path: string, body: unknown) =>
    request<S>({ method: 'PATCH', path, body: { json: body } }),
  delete: <S extends Schema>(path: string) => request<S>({ method: 'DELETE', path }),
  /** A multipart upload (files, with any text fields in the same form); PUT unless the endpoint says POST. */
  upload: <S extends Schema>(path: string, form: FormData, method: 'PUT' | 'POST' = 'PUT') =>
    request<S>({ method, path, body: { form } }),
  file,
};

export { fieldErrorsOf } from './api-errors';
