import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-errors';
import { amountDue, isWalletOnByDefault, keepsAttemptKey, newAttemptKey, walletToUse } from './checkout';

describe('the wallet part of a checkout', () => {
  it('uses the whole balance when it is less than the fee', () => {
    expect(walletToUse({ totalPaise: 118_000, balancePaise: 50_000, isWalletOn: true })).toBe(50_000);
  });
  it('never uses more than the fee', () => {
    expect(walletToUse({ totalPaise: 118_000, balancePaise: 500_000, isWalletOn: true })).toBe(118_000);
  });
  it('uses nothing when the payer switches it off, or has no wallet balance', () => {
    expect(walletToUse({ totalPaise: 118_000, balancePaise: 50_000, isWalletOn: false })).toBe(0);
    expect(walletToUse({ totalPaise: 118_000, balancePaise: null, isWalletOn: true })).toBe(0);
    expect(walletToUse({ totalPaise: 118_000, balancePaise: 0, isWalletOn: true })).toBe(0);
  });
  it('starts switched on only when there is money in the wallet', () => {
    expect(isWalletOnByDefault(1)).toBe(true);
    expect(isWalletOnByDefault(0)).toBe(false);
    expect(isWalletOnByDefault(null)).toBe(false);
  });
});

describe('the amount to pay now', () => {
  it('is the fee less what the wallet pays', () => {
    expect(amountDue({ totalPaise: 118_000, walletPaise: 50_000 })).toBe(68_000);
    expect(amountDue({ totalPaise: 118_000, walletPaise: 0 })).toBe(118_000);
  });
  it('is zero when the wallet covers the fee', () => {
    expect(amountDue({ totalPaise: 118_000, walletPaise: 118_000 })).toBe(0);
  });
});

describe('reusing a checkout attempt’s Idempotency-Key', () => {
  const apiError = (status: number, code = 'x') => new ApiError({ message: 'm', status, code });
  it('is kept when no answer came or the server failed: the order may exist', () => {
    expect(keepsAttemptKey(apiError(0, 'network.error'))).toBe(true);
    expect(keepsAttemptKey(apiError(502, 'payments.gateway_unavailable'))).toBe(true);
    expect(keepsAttemptKey(new Error('unreadable answer'))).toBe(true);
  });
  it('is dropped after a refusal: the next try is a new attempt', () => {
    expect(keepsAttemptKey(apiError(409, 'payments.wallet_balance_changed'))).toBe(false);
    expect(keepsAttemptKey(apiError(400, 'payments.wallet_exceeds_fee'))).toBe(false);
  });
});

describe('a new attempt key', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  it('is a fresh v4 UUID each time, with or without crypto.randomUUID', () => {
    const first = newAttemptKey();
    expect(first).toMatch(UUID_V4);
    expect(newAttemptKey()).not.toBe(first);
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const fallback = newAttemptKey();
      expect(fallback).toMatch(UUID_V4);
      expect(newAttemptKey()).not.toBe(fallback);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
