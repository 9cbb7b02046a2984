import type { ApplicationStatus } from '@mohar/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { Mailer } from '../../platform/mailer.ts';
import {
  type Actor,
  type ApplicationRow,
  type ApplicationsService,
  withLockedApplication,
} from '../applications/applications.service.ts';
import { findUserContact } from '../auth/auth.service.ts';
import type { WebhooksService } from '../webhooks/webhooks.service.ts';
import { feeLegs, type Leg, lockWallet, post } from './ledger.ts';
import { paymentReceivedMail } from './payments.mails.ts';
import type { PaymentRow } from './payments.repository.ts';
import * as repo from './payments.repository.ts';
import { issueReceipt } from './receipts.ts';

/**
 * The money moves of a payment, each idempotent (one posting per cause key) and each inside the caller's
 * transaction, so a crash at any point leaves either nothing or everything. Lock order everywhere: application,
 * then payment, then wallet.
 */
export type SettlementDeps = {
  applicationsService: ApplicationsService;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  /** Organisations' webhooks (decision 0071): `payment.captured` in the capture's transaction. */
  webhooks?: Pick<WebhooksService, 'emit'> | undefined;
};

/**
 * Where an organisation's application is paid from without the gateway (decision 0073): its wallet, or its plan
 * (`organisation_plans`: what the organisation owes for notarisations counted against its plan, settled by its
 * monthly invoice).
 */
export type OrganisationSource = {
  organisationId: string;
  account: 'organisation_wallet' | 'organisation_plans';
};
const organisationLeg = (source: OrganisationSource, amountPaise: number): Leg =>
  source.account === 'organisation_wallet'
    ? { account: 'organisation_wallet', organisationId: source.organisationId, amountPaise }
    : { account: 'organisation_plans', amountPaise };

/** Gives back the wallet money set aside for a gateway order that will not be used. */
export async function releaseHold(tx: DbOrTx, payment: PaymentRow, reason: string) {
  if (payment.walletPaise <= 0) return;
  await post(tx, {
    kind: 'hold_release',
    description: reason,
    causeKey: `release:${payment.id}`,
    applicationId: payment.applicationId,
    paymentId: payment.id,
    legs: [
      { account: 'wallet_holds', amountPaise: -payment.walletPaise },
      { account: 'wallet', userId: payment.userId, amountPaise: payment.walletPaise },
    ],
  });
}

/** Closes the application's other open orders (their wallet parts come back); a late capture is credited later. */
export async function supersedeOpenPayments(tx: DbOrTx, applicationId: string, exceptId?: string) {
  for (const open of await repo.openPaymentsForUpdate(tx, applicationId, exceptId)) {
    await repo.updatePayment(tx, open.id, { status: 'superseded' });
    await releaseHold(tx, open, 'Wallet amount returned: the payment was not completed');
  }
}

/**
 * The fee is paid: ledger posting, receipt, payment marked paid, the application moved on to identity checks, and the
 * receipt e-mail queued — all in one transaction. `walletFrom` says where the wallet part sits: still in the wallet
 * (a wallet-only payment, or an order revived after it was given up) or set aside in wallet_holds.
 */
export async function completePayment(
  tx: DbOrTx,
  deps: SettlementDeps,
  options: {
    payment: PaymentRow;
    application: ApplicationRow;
    providerPaymentId: string | null;
    walletFrom: 'wallet' | 'holds' | OrganisationSource;
    actor: Actor;
  },
) {
  const { payment, application } = options;
  const organisation = typeof options.walletFrom === 'object' ? options.walletFrom : null;
  const fee = application.fee;
  if (!fee || fee.totalPaise !== payment.amountPaise)
    throw new Error(`payment ${payment.id} does not match its fee`);
  const title = application.title ?? 'Untitled application';
  const legs = [
    ...(payment.gatewayPaise > 0
      ? [{ account: 'gateway_clearing' as const, amountPaise: -payment.gatewayPaise }]
      : []),
    ...(payment.walletPaise > 0
      ? [
          organisation
            ? organisationLeg(organisation, -payment.walletPaise)
            : options.walletFrom === 'holds'
              ? { account: 'wallet_holds' as const, amountPaise: -payment.walletPaise }
              : { account: 'wallet' as const, userId: payment.userId, amountPaise: -payment.walletPaise },
        ]
      : []),
    ...feeLegs(fee.lines),
  ];
  await post(tx, {
    kind: organisation
      ? organisation.account === 'organisation_plans'
        ? 'plan_payment'
        : 'organisation_wallet_payment'
      : payment.gatewayPaise > 0
        ? 'gateway_payment'
        : 'wallet_payment',
    description: `Fee for “${title}”`,
    causeKey: `capture:${payment.id}`,
    applicationId: application.id,
    paymentId: payment.id,
    legs,
  });
  const paidAt = deps.now();
  const buyer = (await findUserContact(tx, payment.userId)) ?? { name: 'Client', email: '', language: null };
  const receipt = await issueReceipt(tx, {
    paymentId: payment.id,
    applicationId: application.id,
    userId: payment.userId,
    buyer,
    lines: fee.lines,
    totalPaise: fee.totalPaise,
    gstRatePercent: fee.gstRatePercent ?? 18,
    issuedAt: paidAt,
  });
  const paid = await repo.updatePayment(tx, payment.id, {
    status: 'paid',
    providerPaymentId: options.providerPaymentId,
    paidAt,
    failureReason: null,
  });
  await supersedeOpenPayments(tx, application.id, payment.id);
  await deps.webhooks?.emit(tx, {
    applicationId: application.id,
    type: 'payment.captured',
    data: {
      paymentId: payment.id,
      amountPaise: fee.totalPaise,
      gatewayPaise: payment.gatewayPaise,
      walletPaise: payment.walletPaise,
      receiptSerial: receipt.serial,
    },
  });
  await deps.applicationsService.transition({
    id: application.id,
    to: 'awaiting_identity',
    actor: options.actor,
    serverReason: { code: 'paid', params: { receipt: receipt.serial } },
    tx,
  });
  if (buyer.email)
    await deps.mailer.enqueue(
      tx,
      paymentReceivedMail({
        to: buyer.email,
        name: buyer.name,
        language: buyer.language,
        title: application.title,
        serial: receipt.serial,
        totalPaise: fee.totalPaise,
        applicationUrl: `${deps.publicUrl}/application-view/${application.id}`,
      }),
    );
  return { payment: paid, receipt };
}

export type CaptureOutcome = 'applied' | 'duplicate' | 'credited_to_wallet' | 'unknown_order';

/**
 * The gateway says an order was paid (the payer's return or a webhook, in any order, any number of times).
 * Applied exactly once; money that can no longer pay the fee (the application moved on, the amount differs, the
 * wallet part is gone) is credited to the payer's wallet instead, so nothing is ever lost.
 */
export async function applyCapture(
  tx: DbOrTx,
  deps: SettlementDeps,
  options: {
    provider: string;
    orderId: string;
    providerPaymentId: string;
    amountPaise: number;
    actor: Actor;
  },
): Promise<{ outcome: CaptureOutcome; payment: PaymentRow | null }> {
  const found = await repo.findPaymentByOrder(tx, options.provider, options.orderId);
  if (!found) return { outcome: 'unknown_order', payment: null };
  return withLockedApplication(tx, found.applicationId, async (application) => {
    const payment = await repo.findPaymentForUpdate(tx, found.id);
    if (!application || !payment) return { outcome: 'unknown_order', payment: null };
    if (payment.status === 'paid' || payment.status === 'credited_to_wallet')
      return { outcome: 'duplicate', payment };

    const wasOpen = payment.status === 'created';
    const payable =
      (application.status as ApplicationStatus) === 'awaiting_payment' &&
      options.amountPaise === payment.gatewayPaise;
    if (payable) {
      // An order given up earlier no longer has its wallet part set aside: take it from the wallet again, if there.
      const walletReady = wasOpen || (await lockWallet(tx, payment.userId)) >= payment.walletPaise;
      if (walletReady) {
        const { payment: paid } = await completePayment(tx, deps, {
          payment,
          application,
          providerPaymentId: options.providerPaymentId,
          walletFrom: wasOpen ? 'holds' : 'wallet',
          actor: options.actor,
        });
        return { outcome: 'applied', payment: paid };
      }
    }
    if (wasOpen) await releaseHold(tx, payment, 'Wallet amount returned: the payment could not be applied');
    await post(tx, {
      kind: 'overpayment_credit',
      description: `Payment received after “${application.title ?? 'the application'}” no longer needed it`,
      causeKey: `capture:${payment.id}`,
      applicationId: application.id,
      paymentId: payment.id,
      legs: [
        { account: 'gateway_clearing', amountPaise: -options.amountPaise },
        { account: 'wallet', userId: payment.userId, amountPaise: options.amountPaise },
      ],
    });
    const credited = await repo.updatePayment(tx, payment.id, {
      status: 'credited_to_wallet',
      providerPaymentId: options.providerPaymentId,
      paidAt: deps.now(),
      failureReason: 'Received after the application no longer needed it; credited to the wallet',
    });
    return { outcome: 'credited_to_wallet', payment: credited };
  });
}
