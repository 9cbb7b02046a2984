import { ApiError } from '@/lib/api-errors';

/**
 * How much of the wallet goes to this fee: all of the balance up to the fee, or nothing when the payer switched
 * it off. The server refuses an amount above its own reading of the balance, so this is what the payer confirms.
 */
export function walletToUse(options: {
  totalPaise: number;
  balancePaise: number | null;
  isWalletOn: boolean;
}): number {
  if (!options.isWalletOn) return 0;
  return Math.max(0, Math.min(options.balancePaise ?? 0, options.totalPaise));
}

/** What is left for the gateway once the wallet has paid its part. */
export const amountDue = (options: { totalPaise: number; walletPaise: number }) =>
  Math.max(0, options.totalPaise - options.walletPaise);

/** The wallet switch starts on whenever there is money in it. */
export const isWalletOnByDefault = (balancePaise: number | null) => (balancePaise ?? 0) > 0;

/**
 * Whether the next try of a failed checkout may reuse the attempt's `Idempotency-Key`. When no answer came (the
 * network, a server fault, an answer we could not read) the server may have created the order, so the retry must
 * say it is the same attempt. A refusal (4xx) is final for that request: the next try is a new attempt.
 */
export function keepsAttemptKey(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500;
}

/**
 * A new checkout attempt's `Idempotency-Key` (a v4 UUID). `crypto.randomUUID` exists only on secure pages
 * (https, localhost); the fallback builds the same shape from `getRandomValues`, which exists everywhere.
 */
export function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
