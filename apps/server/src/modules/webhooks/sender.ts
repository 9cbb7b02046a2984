/** What one attempt came to: a status code (null when nothing answered), the time taken, an error, a body excerpt. */
export type AttemptOutcome = {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
};

/** Enough of a receiver's answer to see what it said; the rest is never read or kept. */
const EXCERPT_BYTES = 500;

async function readExcerpt(response: Response) {
  const reader = response.body?.getReader();
  if (!reader) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const text = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
  return text.length > 0 ? text : null;
}

/**
 * One POST with a hard timeout. Redirects are not followed (a 3xx is a failure): following one would let a public
 * URL send us on to a private address. Any 2xx is success.
 */
export async function sendAttempt(options: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
}): Promise<AttemptOutcome> {
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);
  try {
    const response = await fetch(options.url, {
      method: 'POST',
      body: options.body,
      headers: options.headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const responseExcerpt = await readExcerpt(response).catch(() => null);
    const ok = response.status >= 200 && response.status < 300;
    return {
      ok,
      statusCode: response.status,
      durationMs: elapsed(),
      error: ok ? null : `HTTP ${response.status}`,
      responseExcerpt,
    };
  } catch (error) {
    const isTimeout = error instanceof DOMException && error.name === 'TimeoutError';
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      ok: false,
      statusCode: null,
      durationMs: elapsed(),
      error: isTimeout
        ? `No answer within ${options.timeoutMs} ms`
        : (cause?.code ?? cause?.message ?? (error as Error).message ?? 'Request failed').slice(0, 200),
      responseExcerpt: null,
    };
  }
}
