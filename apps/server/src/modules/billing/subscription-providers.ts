import { createHmac } from 'node:crypto';
import type { AppConfig } from '../../config.ts';
import { paymentErrors } from '../payments/payments.errors.ts';
import { gatewayId } from '../payments/providers.ts';

/**
 * Monthly mandates for plans (decision 0073), one interface for the sandbox and Razorpay Subscriptions, as the
 * payments module does for orders. `start` answers `url: null` when the subscription is active at once (the
 * sandbox), or the provider's page where the payer authorises it; then the provider's webhook activates it.
 */
export type SubscriptionProvider = {
  name: 'sandbox' | 'razorpay';
  /** Verifies `X-Razorpay-Signature` on subscription webhooks. */
  webhookSecret: string;
  start(options: {
    organisationId: string;
    plan: { code: string; name: string; monthlyPaise: number };
  }): Promise<{ subscriptionId: string; url: string | null }>;
};

export function createSandboxSubscriptions(encryptionKey: Buffer): SubscriptionProvider {
  return {
    name: 'sandbox',
    webhookSecret: createHmac('sha256', encryptionKey).update('sandbox:webhook_secret').digest('hex'),
    async start() {
      return { subscriptionId: gatewayId('sub'), url: null };
    },
  };
}

/** How many monthly charges a Razorpay subscription allows (it needs an end): ten years. */
const RAZORPAY_TOTAL_COUNT = 120;

/**
 * Razorpay Subscriptions: a plan (`POST /v1/plans`, monthly, the price with GST) and a subscription on it
 * (`POST /v1/subscriptions`); the payer authorises at the subscription's `short_url`, and `subscription.activated`
 * arrives by webhook. A Razorpay plan is made per subscription: plans are few and their prices versioned here.
 */
export function createRazorpaySubscriptions(
  keys: NonNullable<AppConfig['payments']['razorpay']>,
  options: { timeoutMs?: number } = {},
): SubscriptionProvider {
  const auth = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;
  async function postJson(path: string, body: object): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${keys.apiUrl}${path}`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch {
      throw paymentErrors.gatewayUnavailable();
    }
    const parsed = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok || !parsed || typeof parsed.id !== 'string') throw paymentErrors.gatewayUnavailable();
    return parsed;
  }
  return {
    name: 'razorpay',
    webhookSecret: keys.webhookSecret,
    async start({ organisationId, plan }) {
      const created = await postJson('/v1/plans', {
        period: 'monthly',
        interval: 1,
        item: { name: plan.name, amount: plan.monthlyPaise, currency: 'INR' },
        notes: { planCode: plan.code },
      });
      const subscription = await postJson('/v1/subscriptions', {
        plan_id: created.id,
        total_count: RAZORPAY_TOTAL_COUNT,
        customer_notify: 1,
        notes: { organisationId, planCode: plan.code },
      });
      if (typeof subscription.short_url !== 'string') throw paymentErrors.gatewayUnavailable();
      return { subscriptionId: subscription.id as string, url: subscription.short_url };
    },
  };
}

export function createSubscriptionProvider(config: AppConfig, encryptionKey: Buffer): SubscriptionProvider {
  if (config.payments.provider === 'razorpay' && config.payments.razorpay)
    return createRazorpaySubscriptions(config.payments.razorpay);
  return createSandboxSubscriptions(encryptionKey);
}
