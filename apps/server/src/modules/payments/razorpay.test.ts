// @engine: webhook events kept once by a unique key under concurrent deliveries
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { applications, ledgerPostings, payments, receipts } from '../../db/schema.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, buildersFor } from '../../testing/builders/index.ts';
import { type FakeRazorpay, startFakeRazorpay } from '../../testing/fake-razorpay.ts';
import { creditWallet, payableApplication, reconcile } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// The gateway is an external boundary: a fake Razorpay on 127.0.0.1 creates orders, "captures" payments and sends
// signed webhooks. Everything on our side is the production code with PAYMENTS_PROVIDER=razorpay.
const keys = {
  keyId: 'rzp_test_Mohar0001',
  keySecret: 'key-secret-for-tests',
  webhookSecret: 'webhook-secret-for-tests',
};
let fake: FakeRazorpay;
let t: TestApp;
let build: Builders;
let app: App;
let webhookUrl: string;

async function listen(instance: App) {
  const address = await instance.listen({ port: 0, host: '127.0.0.1' });
  return `${address}/api/v1/payments/webhooks/razorpay`;
}

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
  build = buildersFor(t);
  app = t.app;
  webhookUrl = await listen(app);
});
afterAll(async () => {
  await fake.close();
  await app.close();
  await t.close();
});

const inject = (options: { method: 'POST'; url: string; headers: Record<string, string>; payload: object }) =>
  app.inject(options);
const checkout = (cookie: string, id: string, body: object = {}) =>
  inject({ method: 'POST', url: `/api/v1/applications/${id}/checkout`, headers: { cookie }, payload: body });
const verify = (cookie: string, fields: object) =>
  inject({ method: 'POST', url: '/api/v1/payments/verify', headers: { cookie }, payload: fields });
const statusOf = async (id: string) =>
  (await t.db.select().from(applications).where(eq(applications.id, id)))[0]?.status;
const postingsOf = (id: string) =>
  t.db.select().from(ledgerPostings).where(eq(ledgerPostings.applicationId, id));

describe('Razorpay', () => {
  it('creates an order for the amount due, with our payment id as its receipt, and opens Checkout', async () => {
    const client = await build.user();
    const { id, totalPaise } = await payableApplication(t, client);
    const res = await checkout(client.cookie, id);
    expect(res.statusCode).toBe(201);
    const { payment, next } = res.json();
    expect(next).toMatchObject({
      kind: 'razorpay',
      keyId: keys.keyId,
      orderId: payment.orderId,
      amountPaise: totalPaise,
    });
    const order = fake.orders.get(payment.orderId);
    expect(order).toMatchObject({ amount: totalPaise, currency: 'INR', receipt: payment._id });
  });

  it('lets Razorpay Checkout load (its script and payment frame) and nothing else', async () => {
    // The pages' policy (a JSON answer carries the API's own, which loads nothing).
    const res = await app.inject({ url: '/pay' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' https://checkout.razorpay.com");
    expect(csp).toContain('frame-src');
    expect(csp).toContain('https://api.razorpay.com');
  });

  it('when the gateway is down: a clear 502, no payment recorded, the wallet untouched', async () => {
    const client = await build.user();
    const { id, totalPaise } = await payableApplication(t, client);
    await creditWallet(t, client.id, 5_000);
    fake.failNextOrders(1);
    const res = await checkout(client.cookie, id, { walletPaise: 5_000 });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('payments.gateway_unavailable');
    expect(await t.db.select().from(payments).where(eq(payments.applicationId, id))).toHaveLength(0);
    expect((await call(t, 'GET', '/wallet', client.cookie)).json().balancePaise).toBe(5_000);
    expect(totalPaise).toBeGreaterThan(5_000);
  });

  it('the return and five webhook deliveries apply the payment once, in whichever order they arrive', {
    tags: ['engine'],
  }, async () => {
    const client = await build.user();
    for (const order of ['return first', 'webhook first'] as const) {
      const { id } = await payableApplication(t, client);
      const { payment } = (await checkout(client.cookie, id)).json();
      const fields = fake.capture(payment.orderId);
      const body = fake.webhookBody('payment.captured', payment.orderId, fields.razorpay_payment_id);
      if (order === 'return first')
        expect((await verify(client.cookie, fields)).json().payment.status).toBe('paid');
      const statuses = await fake.sendWebhook(webhookUrl, body, { times: 5 });
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      const returned = await verify(client.cookie, fields);
      expect(returned.statusCode).toBe(200);
      expect(returned.json().payment.status).toBe('paid');
      expect(await statusOf(id)).toBe('awaiting_identity');
      expect(await postingsOf(id)).toHaveLength(1);
      expect(await t.db.select().from(receipts).where(eq(receipts.applicationId, id))).toHaveLength(1);
    }
  });

  it('a failed attempt keeps the order open; a later capture on it pays', async () => {
    const client = await build.user();
    const { id } = await payableApplication(t, client);
    const { payment } = (await checkout(client.cookie, id)).json();
    const failure = fake.fail(payment.orderId);
    const failedBody = fake.webhookBody('payment.failed', payment.orderId, failure.error.metadata.payment_id);
    expect(await fake.sendWebhook(webhookUrl, failedBody)).toEqual([200]);
    expect(await statusOf(id)).toBe('awaiting_payment');
    const fields = fake.capture(payment.orderId);
    const captured = fake.webhookBody('payment.captured', payment.orderId, fields.razorpay_payment_id);
    expect(await fake.sendWebhook(webhookUrl, captured)).toEqual([200]);
    expect(await statusOf(id)).toBe('awaiting_identity');
  });

  it('a tampered webhook is refused with 400 and applies nothing', async () => {
    const client = await build.user();
    const { id } = await payableApplication(t, client);
    const { payment } = (await checkout(client.cookie, id)).json();
    const fields = fake.capture(payment.orderId);
    const body = JSON.stringify(
      fake.webhookBody('payment.captured', payment.orderId, fields.razorpay_payment_id),
    );
    expect(await fake.sendWebhook(webhookUrl, body, { signature: 'f'.repeat(64) })).toEqual([400]);
    expect(await statusOf(id)).toBe('awaiting_payment');
    expect(await postingsOf(id)).toHaveLength(0);
  });

  it('crash safety: killed between the gateway’s success and our posting, it converges when the webhook is replayed', {
    tags: ['engine'],
  }, async () => {
    const client = await build.user();
    const { id } = await payableApplication(t, client);
    const { payment } = (await checkout(client.cookie, id)).json();
    const fields = fake.capture(payment.orderId); // the money moved at the gateway

    // The server dies in the middle of applying it: the transaction stops half-way (simulated by a write that fails
    // after the ledger posting and the receipt were written) and the process goes away.
    await t.db.execute(
      sql`create or replace function test_crash() returns trigger language plpgsql as $$ begin raise exception 'process killed'; end $$`,
    );
    await t.db.execute(
      sql`create trigger test_crash before update on payments for each row execute function test_crash()`,
    );
    const dying = await verify(client.cookie, fields);
    expect(dying.statusCode).toBe(500);
    await app.close();
    await t.db.execute(sql`drop trigger test_crash on payments`);

    // Nothing half-done survived.
    expect(await statusOf(id)).toBe('awaiting_payment');
    expect(await postingsOf(id)).toHaveLength(0);
    expect(await t.db.select().from(receipts).where(eq(receipts.applicationId, id))).toHaveLength(0);

    // A new process on the same database; the gateway retries its webhook, and the payer's browser retries too.
    app = await buildApp({
      config: t.config,
      database: t.database,
      blobStore: t.blobStore,
      encryptionKey: t.encryptionKey,
      webRoot: null,
      logger: false,
    });
    webhookUrl = await listen(app);
    const body = fake.webhookBody('payment.captured', payment.orderId, fields.razorpay_payment_id);
    expect(await fake.sendWebhook(webhookUrl, body, { times: 2 })).toEqual([200, 200]);
    const returned = await verify(client.cookie, fields);
    expect(returned.json().payment.status).toBe('paid');
    expect(await statusOf(id)).toBe('awaiting_identity');
    expect(await postingsOf(id)).toHaveLength(1);
    expect(await t.db.select().from(receipts).where(eq(receipts.applicationId, id))).toHaveLength(1);
    const { unbalanced, wallets } = await reconcile(t);
    expect(unbalanced).toEqual([]);
    expect(wallets).toEqual([]);
  });
});
