import { createHmac, randomInt } from 'node:crypto';
import type { CheckoutNext } from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import { paymentErrors } from './payments.errors.ts';

export type ProviderName = 'sandbox' | 'razorpay';

/**
 * One interface for every payment gateway (decision 0007). Both produce Razorpay's signatures, so verification
 * (signatures.ts) is the same code in development and production.
 */
export type PaymentProvider = {
  name: ProviderName;
  /** Verifies the checkout signature (`order_id|payment_id`). */
  keySecret: string;
  /** Verifies `X-Razorpay-Signature` on webhooks. */
  webhookSecret: string;
  createOrder(order: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<{
    orderId: string;
  }>;
  /** What the browser does to pay this order. */
  checkoutNext(order: {
    orderId: string;
    amountPaise: number;
    description: string;
    prefill: { name: string; email: string };
  }): CheckoutNext;
};

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Razorpay-shaped ids: a prefix and 14 random letters and digits (`order_…`, `pay_…`, `evt_…`). */
export function gatewayId(prefix: string): string {
  let id = `${prefix}_`;
  for (let i = 0; i < 14; i += 1) id += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return id;
}

/**
 * The built-in gateway for development, demos and tests: orders live only in our payments table and the
 * checkout page is ours (/pay/sandbox/{orderId}). Its secrets derive from the encryption key, so they are stable
 * across restarts and never written down.
 */
export function createSandboxProvider(encryptionKey: Buffer): PaymentProvider {
  const derive = (label: string) =>
    createHmac('sha256', encryptionKey).update(`sandbox:${label}`).digest('hex');
  return {
    name: 'sandbox',
    keySecret: derive('key_secret'),
    webhookSecret: derive('webhook_secret'),
    async createOrder() {
      return { orderId: gatewayId('order') };
    },
    checkoutNext(order) {
      return { kind: 'redirect', url: `/pay/sandbox/${encodeURIComponent(order.orderId)}` };
    },
  };
}

/** Razorpay: the Orders API for the order, Checkout.js in the browser, signatures verified on return and webhook. */
export function createRazorpayProvider(
  keys: NonNullable<AppConfig['payments']['razorpay']>,
  options: { merchantName: string; timeoutMs?: number } = { merchantName: 'Mohar' },
): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;
  return {
    name: 'razorpay',
    keySecret: keys.keySecret,
    webhookSecret: keys.webhookSecret,
    async createOrder(order) {
      let response: Response;
      try {
        response = await fetch(`${keys.apiUrl}/v1/orders`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json' },
          body: JSON.stringify({
            amount: order.amountPaise,
            currency: 'INR',
            receipt: order.receipt,
            notes: order.notes,
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch {
        throw paymentErrors.gatewayUnavailable();
      }
      if (!response.ok) throw paymentErrors.gatewayUnavailable();
      const body = (await response.json().catch(() => null)) as { id?: unknown } | null;
      if (!body || typeof body.id !== 'string') throw paymentErrors.gatewayUnavailable();
      return { orderId: body.id };
    },
    checkoutNext(order) {
      return {
        kind: 'razorpay',
        keyId: keys.keyId,
        orderId: order.orderId,
        amountPaise: order.amountPaise,
        currency: 'INR',
        name: options.merchantName,
        description: order.description,
        prefill: order.prefill,
      };
    },
  };
}

export function createPaymentProvider(config: AppConfig, encryptionKey: Buffer): PaymentProvider {
  if (config.payments.provider === 'razorpay' && config.payments.razorpay)
    return createRazorpayProvider(config.payments.razorpay, { merchantName: 'Mohar' });
  return createSandboxProvider(encryptionKey);
}
