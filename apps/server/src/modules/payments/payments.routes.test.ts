// @engine: the ledger's deferred balance trigger, row locks and replayed webhooks under concurrency
import { PDFDocument } from '@cantoo/pdf-lib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, ledgerEntries, ledgerPostings, payments, receipts } from '../../db/schema.ts';
import { mailsTo } from '../../testing/accounts.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import {
  capturedEvent,
  creditWallet,
  deliverWebhook,
  payableApplication,
  reconcile,
  sandboxProvider,
} from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { checkoutSignature, webhookSignature } from './signatures.ts';

let t: TestApp;
let build: Builders;
let admin: BuiltUser;
// The sandbox "gateway" would send its own webhook after this long; tests deliver theirs explicitly.
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX_WEBHOOK_DELAY_MS: '600000' } });
  build = buildersFor(t);
  admin = await build.admin();
});
afterAll(() => t.close());

const checkout = (cookie: string, id: string, body: object = {}, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/applications/${id}/checkout`,
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
const statusOf = async (id: string) =>
  (await t.db.select().from(applications).where(eq(applications.id, id)))[0]?.status;
const balanceOf = async (cookie: string) =>
  (await call(t, 'GET', '/wallet', cookie)).json().balancePaise as number;

/** What the sandbox checkout page does on "Pay": the gateway's signed answer, then the payer's return. */
async function payInSandbox(cookie: string, orderId: string) {
  const completed = await call(t, 'POST', `/payments/sandbox/orders/${orderId}/complete`, cookie, {
    outcome: 'success',
  });
  expect(completed.statusCode).toBe(200);
  return completed.json() as {
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
  };
}

describe('checkout through the sandbox gateway', () => {
  it('takes the amount from the fee fixed at submission, pays once, issues a receipt and moves the application on', async () => {
    const client = await build.user();
    const id = (await build.application({ owner: client })).id;
    const submitted = await call(t, 'POST', `/applications/${id}/submit`, client.cookie, {});
    expect(submitted.statusCode).toBe(200);
    const total = submitted.json().application.fee.totalPaise as number;

    const started = await checkout(client.cookie, id);
    expect(started.statusCode).toBe(201);
    const { payment, next } = started.json();
    expect(payment).toMatchObject({
      provider: 'sandbox',
      status: 'created',
      amountPaise: total,
      gatewayPaise: total,
    });
    expect(next).toEqual({ kind: 'redirect', url: `/pay/sandbox/${payment.orderId}` });

    const order = await call(t, 'GET', `/payments/sandbox/orders/${payment.orderId}`, client.cookie);
    expect(order.json()).toMatchObject({
      amountPaise: total,
      applicationId: id,
      merchant: 'Mohar',
      status: 'created',
    });

    const fields = await payInSandbox(client.cookie, payment.orderId);
    const verified = await call(t, 'POST', '/payments/verify', client.cookie, fields);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().applicationId).toBe(id);
    expect(verified.json().payment.status).toBe('paid');
    expect(verified.json().payment.receipt.serial).toMatch(/^MOH\/\d{4}-\d{2}\/\d{6}$/);
    expect(await statusOf(id)).toBe('awaiting_identity');

    // The payer's return replayed (a refresh, a double submit) changes nothing.
    const again = await call(t, 'POST', '/payments/verify', client.cookie, fields);
    expect(again.statusCode).toBe(200);
    expect(again.json().payment.receipt.serial).toBe(verified.json().payment.receipt.serial);
    const info = (await call(t, 'GET', `/applications/${id}/payment`, client.cookie)).json();
    expect(info).toMatchObject({ state: 'paid', paidPaise: total, refundedPaise: 0 });
    expect(info.payments).toHaveLength(1);
    const mails = await mailsTo(t, client.email);
    expect(mails.filter((m) => m.subject.startsWith('Payment received'))).toHaveLength(1);
    // The application's timeline records the payment as a status change.
    const events = (await call(t, 'GET', `/applications/${id}/events`, client.cookie)).json().events;
    expect(events.at(-1)).toMatchObject({ fromStatus: 'awaiting_payment', toStatus: 'awaiting_identity' });
  });

  it('refuses a return whose signature does not verify, and applies nothing', async () => {
    const client = await build.user();
    const { id } = await payableApplication(t, client);
    const { payment } = (await checkout(client.cookie, id)).json();
    const forged = await call(t, 'POST', '/payments/verify', client.cookie, {
      razorpay_order_id: payment.orderId,
      razorpay_payment_id: 'pay_Forged00000001',
      razorpay_signature: checkoutSignature(payment.orderId, 'pay_Forged00000001', 'not the key secret'),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('payments.signature_invalid');
    expect(await statusOf(id)).toBe('awaiting_payment');
    const postings = await t.db.select().from(ledgerPostings).where(eq(ledgerPostings.applicationId, id));
    expect(postings).toHaveLength(0);
  });

  it('a failed payment leaves the application payable, and a new attempt can pay it', async () => {
    const client = await build.user();
    const { id } = await payableApplication(t, client);
    const first = (await checkout(client.cookie, id)).json().payment;
    const failed = await call(
      t,
      'POST',
      `/payments/sandbox/orders/${first.orderId}/complete`,
      client.cookie,
      {
        outcome: 'failure',
      },
    );
    expect(failed.json().error.metadata.order_id).toBe(first.orderId);
    const abandoned = await call(t, 'POST', `/payments/orders/${first.orderId}/abandon`, client.cookie, {});
    expect(abandoned.json().payment.status).toBe('failed');
    expect(await statusOf(id)).toBe('awaiting_payment');

    const second = (await checkout(client.cookie, id)).json().payment;
    expect(second.orderId).not.toBe(first.orderId);
    const verified = await call(
      t,
      'POST',
      '/payments/verify',
      client.cookie,
      await payInSandbox(client.cookie, second.orderId),
    );
    expect(verified.json().payment.status).toBe('paid');
    expect(await statusOf(id)).toBe('awaiting_identity');
  });

  it('refuses to pay what is not awaiting payment, and hides other people’s applications and orders', async () => {
    const owner = await build.user();
    const stranger = await build.user();
    const draft = (await build.application({ owner })).id;
    const notPayable = await checkout(owner.cookie, draft);
    expect(notPayable.statusCode).toBe(409);
    expect(notPayable.json()).toMatchObject({ code: 'payments.not_payable' });

    const { id } = await payableApplication(t, owner);
    expect((await checkout(stranger.cookie, id)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/applications/${id}/payment`, stranger.cookie)).statusCode).toBe(404);
    const { payment } = (await checkout(owner.cookie, id)).json();
    expect(
      (await call(t, 'GET', `/payments/sandbox/orders/${payment.orderId}`, stranger.cookie)).statusCode,
    ).toBe(404);
    expect(
      (await call(t, 'POST', `/payments/orders/${payment.orderId}/abandon`, stranger.cookie, {})).statusCode,
    ).toBe(404);
    // Unknown fields are refused, not ignored.
    const extra = await checkout(owner.cookie, id, { walletPaise: 0, amountPaise: 1 });
    expect(extra.statusCode).toBe(400);
  });

  it('honours Idempotency-Key: the same key answers the same order; a different body with it is refused', {
    tags: ['engine'],
  }, async () => {
    const client = await build.user();
    const { id } = await payableApplication(t, client);
    const key = 'checkout-7f0c2a9e-1';
    const [a, b] = await Promise.all([
      checkout(client.cookie, id, {}, key),
      checkout(client.cookie, id, {}, key),
    ]);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json().payment._id).toBe(a.json().payment._id);
    const rows = await t.db.select().from(payments).where(eq(payments.applicationId, id));
    expect(rows).toHaveLength(1);
    const reused = await checkout(client.cookie, id, { walletPaise: 100 }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('payments.idempotency_key_reused');
  });
});

describe('webhooks', () => {
  const webhookSecret = () => sandboxProvider(t).webhookSecret;

  it('a valid webhook applies once even if delivered five times', { tags: ['engine'] }, async () => {
    const client = await build.user();
    const { id, totalPaise } = await payableApplication(t, client);
    const { payment } = (await checkout(client.cookie, id)).json();
    const body = capturedEvent({
      orderId: payment.orderId,
      paymentId: 'pay_Webhook0000001',
      amountPaise: totalPaise,
    });
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await deliverWebhook(t, body, { secret: webhookSecret(), eventId: 'evt_Five000000001' });
      expect(res.statusCode).toBe(200);
      outcomes.push(res.json().outcome);
    }
    expect(outcomes).toEqual([
      'applied',
      'duplicate_event',
      'duplicate_event',
      'duplicate_event',
      'duplicate_event',
    ]);
    // The same capture under another event id (order.paid, or a redelivery with a new id) is still only applied once.
    const other = await deliverWebhook(
      t,
      { ...body, event: 'order.paid' },
      { secret: webhookSecret(), eventId: 'evt_Other00000001' },
    );
    expect(other.json().outcome).toBe('duplicate');
    expect(await statusOf(id)).toBe('awaiting_identity');
    const postings = await t.db.select().from(ledgerPostings).where(eq(ledgerPostings.applicationId, id));
    expect(postings).toHaveLength(1);
    expect(await t.db.select().from(receipts).where(eq(receipts.applicationId, id))).toHaveLength(1);
  });

  it('a tampered body or a wrong signature is a 400 and nothing is applied', async () => {
    const client = await build.user();
    const { id, totalPaise } = await payableApplication(t, client);
    const { payment } = (await checkout(client.cookie, id)).json();
    const raw = JSON.stringify(
      capturedEvent({ orderId: payment.orderId, paymentId: 'pay_Tamper00000001', amountPaise: totalPaise }),
    );
    // Signed honestly, then the amount changed on the way.
    const tampered = raw.replace(`"amount":${totalPaise}`, `"amount":${totalPaise - 100}`);
    const res = await deliverWebhook(t, tampered, {
      secret: webhookSecret(),
      signature: webhookSignature(raw, webhookSecret()),
    });
    expect(res.statusCode).toBe(400);
    const wrong = await deliverWebhook(t, raw, { secret: 'not the webhook secret' });
    expect(wrong.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/razorpay',
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'payments.signature_invalid' });
    expect(await statusOf(id)).toBe('awaiting_payment');
    expect(await t.db.select().from(ledgerPostings).where(eq(ledgerPostings.applicationId, id))).toHaveLength(
      0,
    );
  });

  it('an event for an unknown order is acknowledged with 200, changes nothing and alerts the admins', async () => {
    const before = (await t.db.select().from(ledgerPostings)).length;
    const res = await deliverWebhook(
      t,
      capturedEvent({ orderId: 'order_Unknown0000001', paymentId: 'pay_Unknown000001', amountPaise: 12_345 }),
      { secret: webhookSecret(), eventId: 'evt_Unknown000001' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('unknown_order');
    expect((await t.db.select().from(ledgerPostings)).length).toBe(before);
    const alerts = (await mailsTo(t, admin.email)).filter((m) => m.subject.includes('unknown order'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain('order_Unknown0000001');
  });

  it('a capture that arrives after the payer gave up still pays the application (money is never lost)', async () => {
    const client = await build.user();
    const { id, totalPaise } = await payableApplication(t, client);
    const { payment } = (await checkout(client.cookie, id)).json();
    await call(t, 'POST', `/payments/orders/${payment.orderId}/abandon`, client.cookie, {});
    const res = await deliverWebhook(
      t,
      capturedEvent({ orderId: payment.orderId, paymentId: 'pay_Late000000001', amountPaise: totalPaise }),
      {
        secret: webhookSecret(),
      },
    );
    expect(res.json().outcome).toBe('applied');
    expect(await statusOf(id)).toBe('awaiting_identity');
  });

  it('a second order captured after the application was paid is credited to the wallet', async () => {
    const client = await build.user();
    const { id, totalPaise } = await payableApplication(t, client);
    const first = (await checkout(client.cookie, id)).json().payment;
    const second = (await checkout(client.cookie, id)).json().payment;
    const paid = await deliverWebhook(
      t,
      capturedEvent({ orderId: second.orderId, paymentId: 'pay_Second0000001', amountPaise: totalPaise }),
      {
        secret: webhookSecret(),
      },
    );
    expect(paid.json().outcome).toBe('applied');
    const late = await deliverWebhook(
      t,
      capturedEvent({ orderId: first.orderId, paymentId: 'pay_First00000001', amountPaise: totalPaise }),
      {
        secret: webhookSecret(),
      },
    );
    expect(late.json().outcome).toBe('credited_to_wallet');
    expect(await balanceOf(client.cookie)).toBe(totalPaise);
    const credits = (await call(t, 'GET', '/wallet/transactions?type=credit', client.cookie)).json();
    expect(credits.transactions).toHaveLength(1);
    expect(credits.transactions[0]).toMatchObject({ amountPaise: totalPaise, applicationId: id });
  });
});

describe('the wallet', () => {
  it('pays a fee in full, at once, with a receipt; the balance and transactions show it', async () => {
    const client = await build.user();
    const { id, totalPaise } = await payableApplication(t, client);
    await creditWallet(t, client.id, totalPaise + 5_000);
    const res = await checkout(client.cookie, id, { walletPaise: totalPaise });
    expect(res.statusCode).toBe(201);
    expect(res.json().next).toEqual({ kind: 'paid' });
    expect(res.json().payment).toMatchObject({
      provider: 'wallet',
      status: 'paid',
      walletPaise: totalPaise,
      gatewayPaise: 0,
    });
    expect(await statusOf(id)).toBe('awaiting_identity');
    expect(await balanceOf(client.cookie)).toBe(5_000);
    const { transactions } = (
      await call(t, 'GET', '/wallet/transactions?type=payment', client.cookie)
    ).json();
    expect(transactions[0]).toMatchObject({ type: 'payment', amountPaise: -totalPaise, applicationId: id });
  });

  it('sets the wallet part aside for a gateway payment and gives it back when the payment is abandoned', async () => {
    const client = await build.user();
    const { id, totalPaise } = await payableApplication(t, client);
    await creditWallet(t, client.id, 10_000);
    const { payment } = (await checkout(client.cookie, id, { walletPaise: 10_000 })).json();
    expect(payment).toMatchObject({ walletPaise: 10_000, gatewayPaise: totalPaise - 10_000 });
    expect(await balanceOf(client.cookie)).toBe(0);
    await call(t, 'POST', `/payments/orders/${payment.orderId}/abandon`, client.cookie, {});
    expect(await balanceOf(client.cookie)).toBe(10_000);
    // Abandoning twice gives nothing back twice.
    await call(t, 'POST', `/payments/orders/${payment.orderId}/abandon`, client.cookie, {});
    expect(await balanceOf(client.cookie)).toBe(10_000);

    // Paid together: wallet part from the reservation, the rest through the gateway.
    const again = (await checkout(client.cookie, id, { walletPaise: 10_000 })).json().payment;
    await call(
      t,
      'POST',
      '/payments/verify',
      client.cookie,
      await payInSandbox(client.cookie, again.orderId),
    );
    expect(await balanceOf(client.cookie)).toBe(0);
    expect(await statusOf(id)).toBe('awaiting_identity');
  });

  it('cancelling or reopening an application with a pending payment returns the wallet part', async () => {
    const client = await build.user();
    const { id } = await payableApplication(t, client);
    await creditWallet(t, client.id, 7_000);
    await checkout(client.cookie, id, { walletPaise: 7_000 });
    expect(await balanceOf(client.cookie)).toBe(0);
    expect((await call(t, 'POST', `/applications/${id}/cancel`, client.cookie, {})).statusCode).toBe(200);
    expect(await balanceOf(client.cookie)).toBe(7_000);
  });

  it('refuses more than the balance or the fee, with a clear message', async () => {
    const client = await build.user();
    const { id, totalPaise } = await payableApplication(t, client);
    await creditWallet(t, client.id, 1_000);
    const tooMuch = await checkout(client.cookie, id, { walletPaise: 2_000 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      code: 'payments.wallet_balance_changed',
      details: { balancePaise: 1_000 },
    });
    const overFee = await checkout(client.cookie, id, { walletPaise: totalPaise + 1 });
    expect(overFee.statusCode).toBe(400);
    expect(await balanceOf(client.cookie)).toBe(1_000);
  });

  it('two simultaneous wallet payments against a balance that covers one: exactly one succeeds', {
    tags: ['engine'],
  }, async () => {
    const client = await build.user();
    const a = await payableApplication(t, client, { title: 'First' });
    const b = await payableApplication(t, client, { title: 'Second' });
    await creditWallet(t, client.id, a.totalPaise);
    const results = await Promise.all([
      checkout(client.cookie, a.id, { walletPaise: a.totalPaise }),
      checkout(client.cookie, b.id, { walletPaise: b.totalPaise }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    expect(await balanceOf(client.cookie)).toBe(0);
    const statuses = [await statusOf(a.id), await statusOf(b.id)].sort();
    expect(statuses).toEqual(['awaiting_identity', 'awaiting_payment']);
  });
});

describe('receipts and invoices', () => {
  it('numbers receipts without gaps within the financial year, even when a payment fails half-way', {
    tags: ['engine'],
  }, async () => {
    const client = await build.user();
    const serials: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { id, totalPaise } = await payableApplication(t, client);
      await creditWallet(t, client.id, totalPaise);
      if (i === 1) {
        // A payment that dies after taking its number (a refused write) must not leave a hole.
        await t.db.execute(
          sql`create or replace function test_refuse_payment_update() returns trigger language plpgsql as $$ begin raise exception 'simulated crash'; end $$`,
        );
        await t.db.execute(
          sql`create trigger test_refuse before update on payments for each row execute function test_refuse_payment_update()`,
        );
        const crashed = await checkout(client.cookie, id, { walletPaise: totalPaise });
        expect(crashed.statusCode).toBe(500);
        await t.db.execute(sql`drop trigger test_refuse on payments`);
        expect(await statusOf(id)).toBe('awaiting_payment');
        expect(await balanceOf(client.cookie)).toBe(totalPaise);
      }
      const res = await checkout(client.cookie, id, { walletPaise: totalPaise });
      expect(res.statusCode).toBe(201);
      serials.push(res.json().payment.receipt.serial);
    }
    const numbers = serials.map((s) => Number(s.split('/')[2]));
    expect(numbers[1]).toBe((numbers[0] ?? 0) + 1);
    expect(numbers[2]).toBe((numbers[1] ?? 0) + 1);
  });

  it('the payer downloads a GST invoice PDF; nobody else can', async () => {
    const client = await build.user();
    const stranger = await build.user();
    const { id, totalPaise } = await payableApplication(t, client);
    await creditWallet(t, client.id, totalPaise);
    const { payment } = (await checkout(client.cookie, id, { walletPaise: totalPaise })).json();
    const res = await t.app.inject({
      url: `/api/v1/payments/${payment._id}/invoice`,
      headers: { cookie: client.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getTitle()).toContain(payment.receipt.serial);
    const byAdmin = await t.app.inject({
      url: `/api/v1/payments/${payment._id}/invoice`,
      headers: { cookie: admin.cookie },
    });
    expect(byAdmin.statusCode).toBe(200);
    const byStranger = await t.app.inject({
      url: `/api/v1/payments/${payment._id}/invoice`,
      headers: { cookie: stranger.cookie },
    });
    expect(byStranger.statusCode).toBe(404);
  });
});

describe('the ledger', () => {
  it('balances: every posting sums to zero and every wallet matches its entries', {
    tags: ['engine'],
  }, async () => {
    const { unbalanced, wallets, negative } = await reconcile(t);
    expect(unbalanced).toEqual([]);
    expect(wallets).toEqual([]);
    expect(negative).toEqual([]);
    const [{ n } = { n: 0 }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)) as Array<{ n: number }>;
    expect(n).toBeGreaterThan(10);
  });

  it('is append-only, and the database refuses a posting that does not balance', {
    tags: ['engine'],
  }, async () => {
    await expect(
      t.db.execute(sql`update ledger_entries set amount_paise = amount_paise + 1`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`delete from ledger_postings`)).rejects.toThrow();
    await expect(
      t.db.transaction(async (tx) => {
        const [posting] = await tx
          .insert(ledgerPostings)
          .values({ kind: 'refund', description: 'bad', causeKey: 'test:unbalanced' })
          .returning();
        await tx
          .insert(ledgerEntries)
          .values({ postingId: posting?.id ?? '', account: 'refunds', amountPaise: -100 });
      }),
    ).rejects.toThrow();
    expect(
      await t.db.select().from(ledgerPostings).where(eq(ledgerPostings.causeKey, 'test:unbalanced')),
    ).toHaveLength(0);
  });
});
