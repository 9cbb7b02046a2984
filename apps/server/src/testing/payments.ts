import { sql } from 'drizzle-orm';
import { createSandboxProvider } from '../modules/payments/providers.ts';
import { webhookSignature } from '../modules/payments/signatures.ts';
import { API } from './accounts.ts';
import { buildersFor, type Party } from './builders/index.ts';
import type { TestApp } from './test-app.ts';

/**
 * An application submitted by its owner (awaiting payment, its fee fixed), from the builders: payment tests need many
 * of these.
 */
export async function payableApplication(t: TestApp, owner: Party, options: { title?: string } = {}) {
  const built = await buildersFor(t).application({
    status: 'submitted',
    owner,
    ...(options.title ? { details: { title: options.title } } : {}),
  });
  return { id: built.id, totalPaise: built.totalPaise ?? 0 };
}

/** Puts money in a wallet the way the product does: a balanced posting (here, a granted refund). */
export function creditWallet(t: TestApp, userId: string, amountPaise: number) {
  return buildersFor(t).walletCredit({ userId, amountPaise });
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
