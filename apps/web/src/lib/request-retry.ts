import { ERROR_CODES } from '@mohar/contracts/error-codes';

/**
 * When a call that got no usable answer is sent again (decision 0047). Behind a balancer, a process that received
 * SIGTERM refuses new requests with 503 `service.shutting_down` before doing anything with them (decision 0039), and
 * a process that has gone answers no more (the balancer's 502, or the connection fails): the next try reaches
 * another process.
 * - 503 `service.shutting_down`: any call, whatever its method — the server refused it untouched.
 * - No answer, or a balancer's 502: only a call that is safe to repeat (GET and HEAD, or one the caller marks
 *   so) — a write may have been done by a process that died before answering.
 * A few tries, shortly apart: a rolling restart takes one process away at a time, so the next one is there.
 */
export const RETRY_DELAYS_MS = [200, 500, 1000] as const;

/** What came of one try: the answer's status and error code, or status 0 when no answer came. */
export type Attempt = { status: number; code?: string };

const SAFE_METHODS = new Set(['GET', 'HEAD']);

export function isSafeToRepeat(method: string, markedSafe = false): boolean {
  return markedSafe || SAFE_METHODS.has(method.toUpperCase());
}

/** The wait before try number `retry` (0-based) after `attempt`, or null when the call should not be sent again. */
export function retryDelay(options: {
  attempt: Attempt;
  retry: number;
  method: string;
  markedSafe?: boolean;
}): number | null {
  const delay = RETRY_DELAYS_MS[options.retry];
  if (delay === undefined) return null;
  const { attempt } = options;
  if (attempt.status === 503 && attempt.code === ERROR_CODES.shuttingDown) return delay;
  const processGone = attempt.status === 0 || attempt.status === 502;
  return processGone && isSafeToRepeat(options.method, options.markedSafe) ? delay : null;
}
