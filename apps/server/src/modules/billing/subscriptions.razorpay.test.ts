import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../testing/accounts.ts';
import { call } from '../../testing/applications.ts';
import { buildersFor } from '../../testing/builders/index.ts';
import { type FakeRazorpay, startFakeRazorpay } from '../../testing/fake-razorpay.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { webhookSignature } from '../payments/signatures.ts';

// Razorpay is an external boundary: the fake on 127.0.0.1 takes the plan and subscription; the rest is production code
// with PAYMENTS_PROVIDER=razorpay.
const keys = {
  keyId: 'rzp_test_Mohar0002',
  keySecret: 'key-secret-subs',
  webhookSecret: 'webhook-secret-subs',
};
let fake: FakeRazorpay;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeRazorpay(keys);
  t = await createTestApp({
    env: {
      PAYMENTS_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: keys.keyId,
      RAZORPAY_KEY_SECRET: keys.keySecret,
      RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
      RAZORPAY_API_URL: fake.url,
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const webhook = (body: object, signature?: string) => {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: `${API}/billing/webhooks/razorpay`,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature ?? webhookSignature(raw, keys.webhookSecret),
    },
    payload: raw,
  });
};
const activated = (subscriptionId: string) => ({
  entity: 'event',
  event: 'subscription.activated',
  contains: ['subscription'],
  payload: { subscription: { entity: { id: subscriptionId, entity: 'subscription', status: 'active' } } },
});

describe('subscribing through Razorpay Subscriptions', () => {
  it('waits for the mandate; the signed activation ends the trial, once', async () => {
    const build = buildersFor(t);
    const finance = await build.admin({ adminRoles: ['finance'] });
    const owner = await build.user();
    expect(
      (
        await call(t, 'PUT', '/admin/plans', finance.cookie, {
          code: 'team',
          name: 'Team',
          monthlyPaise: 50_000,
          includedNotarisations: 5,
          overagePaise: 9_900,
          active: true,
        })
      ).statusCode,
    ).toBe(200);
    const created = await call(t, 'POST', '/organisations', owner.cookie, {
      legalName: 'Kulkarni Legal Services LLP',
      gstin: '27AAPFU0939F1ZV',
      billingAddress: '4th floor, Nariman Point, Mumbai 400021',
      gstState: '27',
    });
    const id = created.json().organisation._id as string;

    const res = await call(t, 'POST', `/organisations/${id}/subscription`, owner.cookie, {
      planCode: 'team',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [subscription] = [...fake.subscriptions.values()];
    expect(subscription).toMatchObject({
      status: 'created',
      notes: { organisationId: id, planCode: 'team' },
    });
    expect(res.json().next).toEqual({ kind: 'redirect', url: subscription?.short_url });
    // Until Razorpay confirms, the trial goes on.
    expect(res.json().overview).toMatchObject({
      status: 'pending',
      plan: null,
      pendingPlan: { code: 'team' },
      trial: { endedAt: null },
    });
    expect(fake.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'POST /v1/plans 200',
      'POST /v1/subscriptions 200',
    ]);

    expect((await webhook(activated(subscription?.id ?? ''), 'f'.repeat(64))).statusCode).toBe(400);
    const applied = await webhook(activated(subscription?.id ?? ''));
    expect(applied.json()).toEqual({ outcome: 'applied' });
    expect((await webhook(activated(subscription?.id ?? ''))).json()).toEqual({ outcome: 'duplicate' });
    expect((await webhook(activated('sub_Unknown0000001'))).json()).toEqual({ outcome: 'unknown' });

    const after = (await call(t, 'GET', `/organisations/${id}/billing`, owner.cookie)).json();
    expect(after).toMatchObject({ status: 'active', plan: { code: 'team' }, pendingPlan: null });
    expect(after.trial.endedAt).not.toBeNull();
  });
});
