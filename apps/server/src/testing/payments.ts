import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { applicationEvents, applications } from '../db/schema.ts';
import { computeFee } from '../modules/applications/fees.ts';
import { post } from '../modules/payments/ledger.ts';
import { createSandboxProvider } from '../modules/payments/providers.ts';
import { webhookSignature } from '../modules/payments/signatures.ts';
import { API } from './accounts.ts';
import type { TestApp } from './test-app.ts';

/**
 * Set-up shortcut: an application already submitted (awaiting payment, fee fixed), written straight to the
 * database. The wizard and submission have their own tests; payment tests need many of these, fast.
 */
export async function payableApplication(
  t: TestApp,
  ownerId: string,
  options: { title?: string; signatoryCount?: number } = {},
) {
  const settings = await t.app.mohar.feeSettings.current();
  const fee = computeFee({
    settings,
    act: 'affidavit_oath',
    signatoryCount: options.signatoryCount ?? 1,
    isFinal: true,
  });
  const [row] = await t.db
    .insert(applications)
    .values({
      ownerId,
      status: 'awaiting_payment',
      notaryChoice: 'first_available',
      documentType: 'affidavit',
      notarialAct: 'affidavit_oath',
      title: options.title ?? 'Affidavit of address',
      description: 'Sworn statement of my address.',
      language: 'English',
      purpose: 'Bank',
      fee: { lines: fee.lines, totalPaise: fee.totalPaise, gstRatePercent: settings.gstRatePercent },
      submittedAt: new Date(),
    })
    .returning({ id: applications.id });
  if (!row) throw new Error('application insert failed');
  await t.db.insert(applicationEvents).values({
    applicationId: row.id,
    actorId: ownerId,
    actorRole: 'client',
    fromStatus: 'draft',
    toStatus: 'awaiting_payment',
  });
  return { id: row.id, totalPaise: fee.totalPaise };
}

/** Puts money in a wallet the way the product does: a balanced posting (here, a granted refund). */
export async function creditWallet(t: TestApp, userId: string, amountPaise: number) {
  await t.db.transaction(async (tx) => {
    await post(tx, {
      kind: 'refund',
      description: 'Test credit',
      causeKey: `test-credit:${randomUUID()}`,
      legs: [
        { account: 'refunds', amountPaise: -amountPaise },
        { account: 'wallet', userId, amountPaise },
      ],
    });
  });
}

/** The sandbox gateway's secrets for this app (derived from its encryption key, as in production code). */
export function sandboxProvider(t: TestApp) {
  return createSandboxProvider(t.encryptionKey);
}

/** Posts a webhook body the way a gateway does: raw JSON, signed, with an event id. */
export function deliverWebhook(
  t: TestApp,
  body: object | string,
  options: { secret: string; eventId?: string; signature?: string },
) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: `${API}/payments/webhooks/razorpay`,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': options.signature ?? webhookSignature(raw, options.secret),
      ...(options.eventId ? { 'x-razorpay-event-id': options.eventId } : {}),
    },
    payload: raw,
  });
}

export function capturedEvent(options: { orderId: string; paymentId: string; amountPaise: number }) {
  return {
    entity: 'event',
    account_id: 'acc_Test0000000001',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: options.paymentId,
          entity: 'payment',
          amount: options.amountPaise,
          currency: 'INR',
          status: 'captured',
          order_id: options.orderId,
          captured: true,
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  };
}

/**
 * The books must close: every posting sums to zero and every cached wallet balance equals the sum of that wallet's
 * entries. Returns what does not (empty when all is well).
 */
export async function reconcile(t: TestApp) {
  const unbalanced = await t.db.execute(
    sql`select posting_id, sum(amount_paise)::bigint as total from ledger_entries group by posting_id having sum(amount_paise) <> 0`,
  );
  const wallets = await t.db.execute(sql`
    select coalesce(b.user_id, e.user_id) as user_id, coalesce(b.balance_paise, 0)::bigint as cached,
           coalesce(e.total, 0)::bigint as derived
    from wallet_balances b
    full outer join (select user_id, sum(amount_paise) as total from ledger_entries where account = 'wallet'
                     group by user_id) e on e.user_id = b.user_id
    where coalesce(b.balance_paise, 0) <> coalesce(e.total, 0)`);
  const negative = await t.db.execute(sql`select user_id from wallet_balances where balance_paise < 0`);
  return { unbalanced: rowsOf(unbalanced), wallets: rowsOf(wallets), negative: rowsOf(negative) };
}

function rowsOf(result: unknown): unknown[] {
  return Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
}
