import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { applications, payments, receipts, refundRequests, users, walletBalances } from '../../db/schema.ts';
import type { PaymentRow, ReceiptRow, RefundRow } from './payments.repository.ts';

/** One payment as the payment view lists it, with its receipt (at most one: `receipts_payment_key`). */
export type PaymentLine = {
  payment: Pick<
    PaymentRow,
    | 'id'
    | 'provider'
    | 'status'
    | 'amountPaise'
    | 'walletPaise'
    | 'gatewayPaise'
    | 'providerOrderId'
    | 'createdAt'
    | 'paidAt'
    | 'failureReason'
  >;
  receipt: Pick<ReceiptRow, 'serial' | 'issuedAt' | 'totalPaise'> | null;
};

/** A refund request with its application's title and the client's name and e-mail, as every refund view shows it. */
export type RefundWithNames = {
  refund: Pick<
    RefundRow,
    | 'id'
    | 'applicationId'
    | 'amountPaise'
    | 'status'
    | 'reason'
    | 'decisionReason'
    | 'requestedAt'
    | 'dueAt'
    | 'decidedAt'
  >;
  title: string | null;
  name: string;
  email: string;
};

export type PaymentView = {
  money: { paidPaise: number; refundedPaise: number };
  payments: PaymentLine[];
  latestRefund: RefundWithNames | null;
  /** The balance of the wallet asked for (0 when it has never held money); null when none was asked for. */
  walletBalancePaise: number | null;
};

// JSON carries timestamps as ISO text with their offset (PostgreSQL writes microseconds; Date keeps milliseconds,
// as the driver's own parsing does).
type Json<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};
type PaymentJson = Json<PaymentLine['payment']> & {
  receipt: Json<NonNullable<PaymentLine['receipt']>> | null;
};
type RefundJson = Json<RefundWithNames['refund']> & { title: string | null; name: string; email: string };

const at = (text: string) => new Date(text);
const atOrNull = (text: string | null) => (text === null ? null : new Date(text));

const applicationId = sql.placeholder('applicationId');

/** Paid, not from an organisation's plan or trial (decision 0073: nothing of those can come back as money). */
const paidSum = sql<string>`coalesce(sum(${payments.amountPaise}) filter (
  where ${payments.status} = 'paid' and ${payments.provider} <> 'plan'
), 0)`;

const refundedSum = sql<string>`(
  select coalesce(sum(${refundRequests.amountPaise}), 0) from ${refundRequests}
  where ${refundRequests.applicationId} = ${applicationId} and ${refundRequests.status} = 'approved'
)`;

const paymentLines = sql<PaymentJson[] | null>`json_agg(json_build_object(
  'id', ${payments.id}, 'provider', ${payments.provider}, 'status', ${payments.status},
  'amountPaise', ${payments.amountPaise}, 'walletPaise', ${payments.walletPaise},
  'gatewayPaise', ${payments.gatewayPaise}, 'providerOrderId', ${payments.providerOrderId},
  'createdAt', ${payments.createdAt}, 'paidAt', ${payments.paidAt}, 'failureReason', ${payments.failureReason},
  'receipt', case when ${receipts.id} is null then null else json_build_object(
    'serial', ${receipts.serial}, 'issuedAt', ${receipts.issuedAt}, 'totalPaise', ${receipts.totalPaise}
  ) end
) order by ${payments.createdAt} desc) filter (where ${payments.id} is not null)`;

const latestRefund = sql<RefundJson | null>`(
  select json_build_object(
    'id', ${refundRequests.id}, 'applicationId', ${refundRequests.applicationId},
    'amountPaise', ${refundRequests.amountPaise}, 'status', ${refundRequests.status},
    'reason', ${refundRequests.reason}, 'decisionReason', ${refundRequests.decisionReason},
    'requestedAt', ${refundRequests.requestedAt}, 'dueAt', ${refundRequests.dueAt},
    'decidedAt', ${refundRequests.decidedAt},
    'title', ${applications.title}, 'name', ${users.name}, 'email', ${users.email}
  )
  from ${refundRequests}
  join ${applications} on ${applications.id} = ${refundRequests.applicationId}
  join ${users} on ${users.id} = ${refundRequests.userId}
  where ${refundRequests.applicationId} = ${applicationId}
  order by ${refundRequests.requestedAt} desc
  limit 1
)`;

const walletOf = sql<string | null>`(
  select ${walletBalances.balancePaise} from ${walletBalances}
  where ${walletBalances.userId} = ${sql.placeholder('walletUserId')}
)`;

// Prepared once per handle (db/prepared.ts): the payment view is read on every visit to an application's payment
// step and after every payment event.
const paymentViewQuery = preparedPerHandle((db) =>
  db
    .select({
      paid: paidSum,
      refunded: refundedSum,
      payments: paymentLines,
      latestRefund,
      wallet: walletOf,
    })
    .from(payments)
    .leftJoin(receipts, sql`${receipts.paymentId} = ${payments.id}`)
    .where(sql`${payments.applicationId} = ${applicationId}`)
    .prepare('payments_application_view'),
);

/**
 * Everything an application's payment view shows, in one statement and so one snapshot: what was paid and refunded,
 * every payment with its receipt (newest first), the latest refund request with its names, and a wallet's balance.
 * The aggregate over the application's payments gives one row even when there are none.
 */
export async function readPaymentView(
  db: DbOrTx,
  options: { applicationId: string; walletUserId: string | null },
): Promise<PaymentView> {
  const [row] = await paymentViewQuery(db).execute({
    applicationId: options.applicationId,
    // No wallet asked for: `user_id = null` reads no row.
    walletUserId: options.walletUserId,
  });
  const refund = row?.latestRefund ?? null;
  return {
    money: { paidPaise: Number(row?.paid ?? 0), refundedPaise: Number(row?.refunded ?? 0) },
    payments: (row?.payments ?? []).map(({ receipt, ...payment }) => ({
      payment: { ...payment, createdAt: at(payment.createdAt), paidAt: atOrNull(payment.paidAt) },
      receipt: receipt ? { ...receipt, issuedAt: at(receipt.issuedAt) } : null,
    })),
    latestRefund: refund
      ? {
          refund: {
            id: refund.id,
            applicationId: refund.applicationId,
            amountPaise: refund.amountPaise,
            status: refund.status,
            reason: refund.reason,
            decisionReason: refund.decisionReason,
            requestedAt: at(refund.requestedAt),
            dueAt: at(refund.dueAt),
            decidedAt: atOrNull(refund.decidedAt),
          },
          title: refund.title,
          name: refund.name,
          email: refund.email,
        }
      : null,
    walletBalancePaise: options.walletUserId === null ? null : Number(row?.wallet ?? 0),
  };
}
