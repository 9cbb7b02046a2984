import { createHash, randomUUID } from 'node:crypto';
import type { ApplicationStatus, CheckoutResponse, Payment } from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { mailLanguage } from '../../platform/mail-layout.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { applicationErrors } from '../applications/applications.errors.ts';
import {
  type Actor,
  type ApplicationRow,
  type ApplicationsService,
  findApplication,
  STATUS_LABELS,
  withLockedApplication,
} from '../applications/applications.service.ts';
import { findActiveAdminEmails, findUserContact } from '../auth/auth.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { InsufficientWalletError, lockWallet, post } from './ledger.ts';
import { type PaymentLine, readPaymentView } from './payment-view.repository.ts';
import { paymentErrors } from './payments.errors.ts';
import { unknownOrderAlertMail } from './payments.mails.ts';
import * as repo from './payments.repository.ts';
import type { PaymentProvider } from './providers.ts';
import {
  applyCapture,
  completePayment,
  type OrganisationSource,
  releaseHold,
  type SettlementDeps,
  supersedeOpenPayments,
} from './settlement.ts';
import { verifyCheckoutSignature, verifyWebhookSignature } from './signatures.ts';

/** Razorpay takes no order below ₹1. */
const GATEWAY_MINIMUM_PAISE = 100;
const GST_SAC = '998399';

/** An organisation wallet short of a fee (payForOrganisation): the billing module words the refusal. */
export { InsufficientWalletError } from './ledger.ts';

/** The serial of the application's latest receipt (the certificate of notarisation cites it). */
export const findLatestReceiptSerial = (db: DbOrTx, applicationId: string) =>
  repo.findLatestReceiptSerial(db, applicationId);

/**
 * Payments captured in [from, to), one per application (at most one payment of an application is paid; refunds are
 * their own records): the console's revenue for a day and the applications behind it.
 */
export const findPaymentsPaidBetween = (db: DbOrTx, options: { from: Date; to: Date }) =>
  repo.findPaidBetween(db, options);

/** Payments, receipts and ledger lines of one person: the ledger and invoices the law keeps (issue 26). */
export const countHeldPaymentRecords = (db: DbOrTx, userId: string) => repo.countHeldRecordsOf(db, userId);

export type PaymentWithReceipt = { payment: repo.PaymentRow; receipt: repo.ReceiptRow | null };

export function toPayment({ payment, receipt }: PaymentLine): Payment {
  return {
    _id: payment.id,
    provider: payment.provider as Payment['provider'],
    status: payment.status as Payment['status'],
    amountPaise: payment.amountPaise,
    walletPaise: payment.walletPaise,
    gatewayPaise: payment.gatewayPaise,
    orderId: payment.providerOrderId,
    createdAt: payment.createdAt.toISOString(),
    paidAt: payment.paidAt?.toISOString() ?? null,
    failureReason: payment.failureReason,
    receipt: receipt
      ? { serial: receipt.serial, issuedAt: receipt.issuedAt.toISOString(), totalPaise: receipt.totalPaise }
      : null,
  };
}

/** Raised inside the checkout transaction when a concurrent request with the same Idempotency-Key won. */
class IdempotentReplay extends Error {}

/**
 * Checkout, the payer's return, the gateway's webhooks and the sandbox gateway (issue 6, decision 0007).
 * The ledger and settlement rules live in ledger.ts and settlement.ts; this is the order of events around them.
 */
export function createPaymentsService(deps: {
  db: Database;
  config: AppConfig;
  provider: PaymentProvider;
  applicationsService: ApplicationsService;
  mailer: Mailer;
  notificationsService: NotificationsService;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  now?: () => Date;
  webhooks?: SettlementDeps['webhooks'];
}) {
  const { db, config, provider, mailer, log } = deps;
  const now = deps.now ?? (() => new Date());
  const settlement: SettlementDeps = {
    webhooks: deps.webhooks,
    applicationsService: deps.applicationsService,
    mailer,
    publicUrl: config.publicUrl,
    now,
  };

  // Leaving "awaiting payment" any way but paid (edited again, cancelled): open orders close, wallet parts return.
  deps.applicationsService.onTransition(async (tx, change) => {
    if (change.from === 'awaiting_payment' && change.to !== 'awaiting_identity')
      await supersedeOpenPayments(tx, change.applicationId);
  });

  function assertPayable(row: ApplicationRow) {
    const status = row.status as ApplicationStatus;
    if (status !== 'awaiting_payment' || !row.fee) throw paymentErrors.notPayable(STATUS_LABELS[status]);
    return row.fee;
  }

  async function withReceipt(tx: DbOrTx, paymentId: string): Promise<PaymentWithReceipt> {
    const found = await repo.findPayment(tx, paymentId);
    if (!found) throw paymentErrors.orderNotFound();
    return found;
  }

  /** The payer's own order by gateway order id; anyone else's is simply not found. */
  async function ownOrder(orderId: string, userId: string) {
    const payment = await repo.findPaymentByOrder(db, provider.name, orderId);
    if (!payment || payment.userId !== userId) throw paymentErrors.orderNotFound();
    return payment;
  }

  async function alertAdmins(
    tx: DbOrTx,
    details: Parameters<typeof unknownOrderAlertMail>[0] extends infer M ? Omit<M, 'to'> : never,
  ) {
    const admins = await findActiveAdminEmails(tx);
    await mailer.enqueue(
      tx,
      admins.map((to) => unknownOrderAlertMail({ ...details, to })),
    );
  }

  const service = {
    /**
     * Starts paying an application's fee. The amount is the fee fixed at submission; `walletPaise` is the wallet part
     * the payer confirmed. Wallet only → paid at once. Otherwise a gateway order is created first (outside any
     * transaction: a slow gateway must not hold locks) and the wallet part is set aside until the gateway answers.
     */
    async checkout(options: {
      applicationId: string;
      userId: string;
      walletPaise: number;
      idempotencyKey?: string;
      actor: Actor;
    }): Promise<{ statusCode: number; body: CheckoutResponse }> {
      const { applicationId, userId, walletPaise, idempotencyKey } = options;
      const requestHash = createHash('sha256')
        .update(JSON.stringify({ applicationId, walletPaise }))
        .digest('hex');
      const replay = async () => {
        if (!idempotencyKey) return null;
        const stored = await repo.findIdempotencyKey(db, { userId, key: idempotencyKey });
        if (!stored) return null;
        if (stored.requestHash !== requestHash) throw paymentErrors.idempotencyKeyReused();
        return { statusCode: stored.statusCode, body: stored.response as CheckoutResponse };
      };
      const earlier = await replay();
      if (earlier) return earlier;

      const application = await findApplication(db, applicationId);
      if (!application || application.ownerId !== userId) throw applicationErrors.notFound();
      const fee = assertPayable(application);
      if (walletPaise > fee.totalPaise) throw paymentErrors.walletExceedsFee();
      const gatewayPaise = fee.totalPaise - walletPaise;
      if (gatewayPaise > 0 && gatewayPaise < GATEWAY_MINIMUM_PAISE)
        throw paymentErrors.walletLeavesTooLittle();

      const paymentId = randomUUID();
      const buyer = (await findUserContact(db, userId)) ?? { name: '', email: '' };
      const description = application.title ?? 'Notarisation';
      const order =
        gatewayPaise > 0
          ? await provider.createOrder({
              amountPaise: gatewayPaise,
              receipt: paymentId,
              notes: { applicationId },
            })
          : null;

      try {
        const result = await db.transaction((tx) =>
          withLockedApplication(tx, applicationId, async (row) => {
            if (!row || row.ownerId !== userId) throw applicationErrors.notFound();
            assertPayable(row);
            await supersedeOpenPayments(tx, applicationId);
            if (walletPaise > 0) {
              const balance = await lockWallet(tx, userId);
              if (balance < walletPaise) throw paymentErrors.walletBalanceChanged(balance);
            }
            const payment = await repo.insertPayment(tx, {
              id: paymentId,
              applicationId,
              userId,
              provider: order ? provider.name : 'wallet',
              providerOrderId: order?.orderId ?? null,
              amountPaise: fee.totalPaise,
              walletPaise,
              gatewayPaise,
            });
            let body: CheckoutResponse;
            if (!order) {
              await completePayment(tx, settlement, {
                payment,
                application: row,
                providerPaymentId: null,
                walletFrom: 'wallet',
                actor: options.actor,
              });
              body = { payment: toPayment(await withReceipt(tx, paymentId)), next: { kind: 'paid' } };
            } else {
              if (walletPaise > 0)
                await post(tx, {
                  kind: 'wallet_hold',
                  description: `Set aside for the fee of “${description}”`,
                  causeKey: `hold:${paymentId}`,
                  applicationId,
                  paymentId,
                  legs: [
                    { account: 'wallet', userId, amountPaise: -walletPaise },
                    { account: 'wallet_holds', amountPaise: walletPaise },
                  ],
                });
              body = {
                payment: toPayment({ payment, receipt: null }),
                next: provider.checkoutNext({
                  orderId: order.orderId,
                  amountPaise: gatewayPaise,
                  description,
                  prefill: buyer,
                }),
              };
            }
            if (idempotencyKey) {
              const isStored = await repo.insertIdempotencyKey(tx, {
                userId,
                key: idempotencyKey,
                requestHash,
                statusCode: 201,
                response: body,
              });
              if (!isStored) throw new IdempotentReplay();
            }
            return body;
          }),
        );
        if (result.next.kind === 'paid') mailer.kick();
        return { statusCode: 201, body: result };
      } catch (error) {
        if (error instanceof IdempotentReplay) {
          const winner = await replay();
          if (winner) return winner;
        }
        if (error instanceof InsufficientWalletError)
          throw paymentErrors.walletBalanceChanged(error.balancePaise);
        throw error;
      }
    },

    /**
     * Pays an organisation's application from the organisation's wallet or plan, without the gateway (decision 0073).
     * One transaction: the application locked (a second request waits, then finds it paid), `check` run inside it
     * (the billing module's trial and plan rules, and its usage row), the ledger posting (the organisation wallet's
     * guarded debit: never below zero), receipt and the move to identity checks.
     */
    async payForOrganisation(options: {
      applicationId: string;
      userId: string;
      organisationId: string;
      account: OrganisationSource['account'];
      actor: Actor;
      check: (tx: DbOrTx, application: ApplicationRow) => Promise<void>;
    }) {
      const source: OrganisationSource = {
        organisationId: options.organisationId,
        account: options.account,
      };
      const body = await db.transaction((tx) =>
        withLockedApplication(tx, options.applicationId, async (row) => {
          if (!row || row.ownerId !== options.userId || row.organisationId !== options.organisationId)
            throw applicationErrors.notFound();
          const fee = assertPayable(row);
          await options.check(tx, row);
          await supersedeOpenPayments(tx, row.id);
          const payment = await repo.insertPayment(tx, {
            id: randomUUID(),
            applicationId: row.id,
            userId: options.userId,
            provider: options.account === 'organisation_wallet' ? 'organisation_wallet' : 'plan',
            providerOrderId: null,
            amountPaise: fee.totalPaise,
            walletPaise: fee.totalPaise,
            gatewayPaise: 0,
          });
          await completePayment(tx, settlement, {
            payment,
            application: row,
            providerPaymentId: null,
            walletFrom: source,
            actor: options.actor,
          });
          return { payment: toPayment(await withReceipt(tx, payment.id)), next: { kind: 'paid' as const } };
        }),
      );
      mailer.kick();
      return body;
    },

    /** The payer's browser is back from the gateway with Razorpay's handler fields: verify, then apply once. */
    async verifyReturn(options: {
      userId: string;
      orderId: string;
      providerPaymentId: string;
      signature: string;
      actor: Actor;
    }) {
      const valid = verifyCheckoutSignature({
        orderId: options.orderId,
        paymentId: options.providerPaymentId,
        signature: options.signature,
        keySecret: provider.keySecret,
      });
      if (!valid) throw paymentErrors.signatureInvalid();
      const own = await ownOrder(options.orderId, options.userId);
      const result = await db.transaction(async (tx) => {
        const { payment } = await applyCapture(tx, settlement, {
          provider: provider.name,
          orderId: options.orderId,
          providerPaymentId: options.providerPaymentId,
          amountPaise: own.gatewayPaise,
          actor: options.actor,
        });
        return withReceipt(tx, payment?.id ?? own.id);
      });
      mailer.kick();
      return { payment: toPayment(result), applicationId: own.applicationId };
    },

    /** The payer gave up (closed the gateway, or it failed): the order closes and the wallet part comes back. */
    async abandon(options: { userId: string; orderId: string; reason?: string }) {
      const own = await ownOrder(options.orderId, options.userId);
      const result = await db.transaction((tx) =>
        withLockedApplication(tx, own.applicationId, async (application) => {
          const payment = await repo.findPaymentForUpdate(tx, own.id);
          if (payment?.status === 'created') {
            await repo.updatePayment(tx, payment.id, {
              status: 'failed',
              failureReason: options.reason || 'The payment was not completed',
            });
            await releaseHold(tx, payment, 'Wallet amount returned: the payment was not completed');
            await deps.notificationsService.notify(tx, {
              userId: options.userId,
              applicationId: own.applicationId,
              kind: 'payment_failed',
              text: { key: 'payment_failed', params: { title: application?.title ?? undefined } },
            });
          }
          return withReceipt(tx, own.id);
        }),
      );
      return { payment: toPayment(result) };
    },

    /**
     * A gateway webhook. The signature covers the raw body; each event id is applied once (stored in the same
     * transaction); an event for an order we do not know is acknowledged (so the gateway stops retrying), logged and
     * sent to the admins.
     */
    async handleWebhook(options: {
      rawBody: Buffer | string;
      signature: string | undefined;
      eventId: string | undefined;
    }) {
      if (
        !verifyWebhookSignature({
          rawBody: options.rawBody,
          signature: options.signature,
          webhookSecret: provider.webhookSecret,
        })
      )
        throw paymentErrors.signatureInvalid();
      const event = parseWebhook(options.rawBody);
      if (!event) throw paymentErrors.webhookMalformed();
      const eventId = options.eventId || `${event.event}:${event.paymentId ?? event.orderId ?? 'none'}`;
      const outcome = await db.transaction(async (tx) => {
        if (await repo.hasPaymentEvent(tx, { provider: provider.name, eventId })) return 'duplicate_event';
        let result: string;
        if (
          (event.event === 'payment.captured' || event.event === 'order.paid') &&
          event.orderId &&
          event.paymentId
        ) {
          const applied = await applyCapture(tx, settlement, {
            provider: provider.name,
            orderId: event.orderId,
            providerPaymentId: event.paymentId,
            amountPaise: event.amountPaise ?? 0,
            actor: { userId: null, role: 'system', ip: null },
          });
          result = applied.outcome;
        } else if (event.event === 'payment.failed') {
          // An attempt failed; the order stays open (the payer may retry in the same checkout).
          result =
            event.orderId && (await repo.findPaymentByOrder(tx, provider.name, event.orderId))
              ? 'attempt_failed'
              : 'unknown_order';
        } else {
          result = 'ignored';
        }
        if (result === 'unknown_order') await alertAdmins(tx, { provider: provider.name, ...event });
        await repo.insertPaymentEvent(tx, {
          provider: provider.name,
          eventId,
          event: event.event,
          orderId: event.orderId,
          outcome: result,
        });
        return result;
      });
      if (outcome === 'unknown_order')
        log.warn(
          { provider: provider.name, event: event.event, orderId: event.orderId },
          'payment event for an unknown order',
        );
      mailer.kick();
      return { outcome };
    },

    /** Everything money-related about one application, for whoever may read it. */
    async paymentsOf(applicationId: string) {
      return (await repo.listPayments(db, applicationId)).map(toPayment);
    },

    /**
     * The payment view's facts of one application in one statement (payment-view.repository.ts): what was paid and
     * refunded, the payments, the latest refund request, and `walletUserId`'s balance when one is given.
     */
    async paymentView(applicationId: string, walletUserId: string | null) {
      const view = await readPaymentView(db, { applicationId, walletUserId });
      return { ...view, payments: view.payments.map(toPayment) };
    },

    /** The GST invoice of a paid fee, for its payer or an admin; anyone else finds nothing. */
    async invoice(options: { paymentId: string; viewer: { userId: string; role: string } }) {
      const found = await repo.findPayment(db, options.paymentId);
      if (
        !found?.receipt ||
        (found.payment.userId !== options.viewer.userId && options.viewer.role !== 'admin')
      )
        throw paymentErrors.receiptNotFound();
      const { payment: paid, receipt } = found;
      const application = await findApplication(db, paid.applicationId);
      const pdf = await (await import('./invoice-pdf.ts')).renderInvoicePdf({
        serial: receipt.serial,
        issuedAt: receipt.issuedAt,
        seller: config.seller,
        buyer: { name: receipt.buyerName, email: receipt.buyerEmail },
        application: { id: paid.applicationId, title: application?.title ?? null },
        lines: receipt.lines,
        totalPaise: receipt.totalPaise,
        paidFrom: {
          walletPaise: paid.walletPaise,
          gatewayPaise: paid.gatewayPaise,
          gatewayPaymentId: paid.providerPaymentId,
        },
        gstRatePercent: receipt.gstRatePercent,
        sac: GST_SAC,
        notice: config.payments.provider === 'sandbox' ? 'Sandbox payment: not a valid tax invoice' : null,
        language: mailLanguage((await findUserContact(db, paid.userId))?.language),
      });
      return { pdf, fileName: `Mohar-invoice-${receipt.serial.replaceAll('/', '-')}.pdf` };
    },

    providerName: provider.name,
  };
  return service;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

type WebhookEvent = {
  event: string;
  orderId: string | null;
  paymentId: string | null;
  amountPaise: number | null;
};

/** Razorpay's webhook body: `{ event, payload: { payment: { entity: { id, order_id, amount } } } }`. */
function parseWebhook(rawBody: Buffer | string): WebhookEvent | null {
  try {
    const body = JSON.parse(rawBody.toString()) as {
      event?: unknown;
      payload?: { payment?: { entity?: { id?: unknown; order_id?: unknown; amount?: unknown } } };
    };
    if (typeof body.event !== 'string') return null;
    const entity = body.payload?.payment?.entity;
    return {
      event: body.event,
      orderId: typeof entity?.order_id === 'string' ? entity.order_id : null,
      paymentId: typeof entity?.id === 'string' ? entity.id : null,
      amountPaise: Number.isSafeInteger(entity?.amount) ? (entity?.amount as number) : null,
    };
  } catch {
    return null;
  }
}
