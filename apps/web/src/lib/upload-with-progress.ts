import { errorResponse } from '@mohar/contracts';
import { z } from 'zod/mini';
import { API_BASE } from './api-client';
import { ApiError, CLIENT_ERROR_CODES } from './api-errors';

type Schema<T> = z.core.$ZodType<T>;

/**
 * The outcome of a finished upload, read the way `api-client` reads a response: the parsed body on success, else
 * an ApiError with the server's `{ message, code, details }` (or the status text when the body is not ours).
 */
export function uploadResultOf<T>(options: {
  status: number;
  statusText: string;
  responseText: string;
  schema: Schema<T>;
}): T {
  let payload: unknown = null;
  try {
    payload = options.responseText === '' ? null : JSON.parse(options.responseText);
  } catch {
    payload = null;
  }
  if (options.status < 200 || options.status >= 300) {
    const parsed = z.safeParse(errorResponse, payload);
    throw new ApiError({
      message: parsed.success ? parsed.data.message : options.statusText || 'Request failed',
      status: options.status,
      code: parsed.success ? parsed.data.code : CLIENT_ERROR_CODES.http,
      details: parsed.success ? parsed.data.details : undefined,
    });
  }
  return z.parse(options.schema, payload);
}

/** How much of the body has been sent, 0–1; unknown totals count as nothing sent yet. */
export function uploadFraction(loaded: number, total: number): number {
  if (!Number.isFinite(total) || total <= 0) return 0;
  return Math.min(1, Math.max(0, loaded / total));
}

/**
 * A multipart upload that reports progress. fetch() cannot report upload progress, so this uses XMLHttpRequest,
 * with the same cookie, prefix and error semantics as `api.upload`.
 */
export function uploadWithProgress<T>(options: {
  path: string;
  form: FormData;
  schema: Schema<T>;
  method?: 'PUT' | 'POST';
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const aborted = () =>
      new ApiError({ message: 'Request aborted', status: 0, code: CLIENT_ERROR_CODES.aborted });
    if (options.signal?.aborted) {
      reject(aborted());
      return;
    }
    const request = new XMLHttpRequest();
    request.open(options.method ?? 'PUT', `${API_BASE}${options.path}`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress?.(uploadFraction(event.loaded, event.total));
    });
    const onAbort = () => request.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', onAbort);
    request.addEventListener('load', () => {
      done();
      try {
        resolve(
          uploadResultOf({
            status: request.status,
            statusText: request.statusText,
            responseText: request.responseText,
            schema: options.schema,
          }),
        );
      } catch (error) {
        reject(error);
      }
    });
    request.addEventListener('error', () => {
      done();
      reject(new ApiError({ message: 'Network Error', status: 0, code: CLIENT_ERROR_CODES.network }));
    });
    request.addEventListener('abort', () => {
      done();
      reject(aborted());
    });
    request.send(options.form);
  });
}
