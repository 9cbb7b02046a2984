import {
  type ApplicationStatus,
  REFUND_CREDIT_BUSINESS_DAYS,
  REFUND_REQUEST_WINDOW_DAYS,
  type Refund,
  type RefundEligibility,
  type RefundStatus,
} from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { applicationErrors } from '../applications/applications.errors.ts';
import {
  type ApplicationRow,
  findLatestEventInto,
  STATUS_LABELS,
  withLockedApplication,
} from '../applications/applications.service.ts';
import { findUserContact } from '../auth/auth.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { WebhooksService } from '../webhooks/webhooks.service.ts';
import { addBusinessDays } from './business-days.ts';
import { post } from './ledger.ts';
import { formatInr } from './money.ts';
import type { RefundWithNames } from './payment-view.repository.ts';
import { paymentErrors } from './payments.errors.ts';
import { refundDecisionMail, refundRequestedMail } from './payments.mails.ts';
import * as repo from './payments.repository.ts';
import * as refundsRepo from './refunds.repository.ts';

const DAY_MS = 86_400_000;
/** Only failures of the service (refund policy §2): a failure, the notary's refusal, or Mohar cancelling. */
const REFUNDABLE: readonly ApplicationStatus[] = ['failed', 'rejected', 'cancelled'];
const PLATFORM_ROLES = new Set(['admin', 'system']);

const formatDate = (date: Date) =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  })
    .format(date)
    .replaceAll('-', '/');

/**
 * Refunds (spec §9, refund policy): asked for within 5 days of a failed service, decided by an admin, credited only
 * to the wallet within 5 business days. The request's due date is 5 business days after it is accepted into the
 * queue (weekends and configured holidays skipped). A refund is credited once: one posting per refund id.
 */
export function createRefundsService(deps: {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  notificationsService: NotificationsService;
  now?: () => Date;
  /** Organisations' webhooks (decision 0071): the decision in its transaction. */
  webhooks?: Pick<WebhooksService, 'emit'> | undefined;
}) {
  const { db, config, mailer } = deps;
  const now = deps.now ?? (() => new Date());
  const holidays = new Set(config.holidays);

  /** Why a refund may or may not be asked for now; `allowed` only when paid, eligible, in time and not asked yet. */
  async function eligibility(
    tx: DbOrTx,
    application: ApplicationRow,
    known?: {
      money: { paidPaise: number; refundedPaise: number };
      /** The application's latest refund request as the caller read it (null: none). */
      latest: Pick<refundsRepo.RefundRow, 'status' | 'requestedAt' | 'dueAt'> | null;
    },
  ): Promise<RefundEligibility> {
    const { paidPaise, refundedPaise } = known?.money ?? (await repo.moneyFor(tx, application.id));
    const amountPaise = Math.max(0, paidPaise - refundedPaise);
    const no = (reason: string, deadline: Date | null = null): RefundEligibility => ({
      allowed: false,
      reason,
      deadline: deadline?.toISOString() ?? null,
      amountPaise,
    });
    const status = application.status as ApplicationStatus;
    if (paidPaise === 0) return no('Nothing was paid for this application, so there is nothing to refund.');
    const open = known ? known.latest : await refundsRepo.latestRefund(tx, application.id);
    if (open?.status === 'requested')
      return no(
        `You asked for a refund on ${formatDate(open.requestedAt)}; we will decide by ${formatDate(open.dueAt)}.`,
      );
    if (amountPaise === 0)
      return no('The fee for this application has already been refunded to your wallet.');
    if (!REFUNDABLE.includes(status))
      return no(
        `Refunds are for services that failed: a technical failure, a notary who declined or did not join, or a cancellation by Mohar. This application is ${STATUS_LABELS[status]}.`,
      );
    const event = await findLatestEventInto(tx, { applicationId: application.id, status });
    if (!event) return no('We could not find when this application ended; please contact Customer Support.');
    if (status === 'cancelled' && !PLATFORM_ROLES.has(event.actorRole ?? ''))
      return no(
        'You cancelled this application yourself, so the refund policy does not cover it. Contact Customer Support if something went wrong on our side.',
      );
    const deadline = new Date(event.createdAt.getTime() + REFUND_REQUEST_WINDOW_DAYS * DAY_MS);
    if (now() > deadline)
      return no(
        `Refunds must be asked for within ${REFUND_REQUEST_WINDOW_DAYS} days of the failed service; the time to ask ended on ${formatDate(deadline)}.`,
        deadline,
      );
    return { allowed: true, reason: null, deadline: deadline.toISOString(), amountPaise };
  }

  function toRefund(
    row: RefundWithNames['refund'],
    extra: { title: string | null; name: string; email: string },
  ): Refund {
    return {
      _id: row.id,
      applicationId: row.applicationId,
      applicationTitle: extra.title,
      clientName: extra.name,
      clientEmail: extra.email,
      amountPaise: row.amountPaise,
      status: row.status as RefundStatus,
      reason: row.reason,
      decisionReason: row.decisionReason,
      requestedAt: row.requestedAt.toISOString(),
      dueAt: row.dueAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      isOverdue: row.status === 'requested' && row.dueAt < now(),
    };
  }

  async function readRefund(tx: DbOrTx, id: string) {
    const row = await refundsRepo.findRefundWithNames(tx, id);
    if (!row) throw paymentErrors.refundNotFound();
    return toRefund(row.refund, row);
  }

  /** Locks the refund and its application, in the usual order (application first), and runs `fn` with them. */
  async function withLockedRefund<T>(
    tx: DbOrTx,
    id: string,
    fn: (locked: { refund: refundsRepo.RefundRow; application: ApplicationRow }) => Promise<T>,
  ) {
    const found = await refundsRepo.findRefund(tx, id);
    if (!found) throw paymentErrors.refundNotFound();
    return withLockedApplication(tx, found.applicationId, async (application) => {
      const refund = await refundsRepo.findRefundForUpdate(tx, id);
      if (!refund || !application) throw paymentErrors.refundNotFound();
      return fn({ refund, application });
    });
  }

  /** The client hears of a decision by e-mail and in their notification feed, in the decision's transaction. */
  async function tellDecision(tx: DbOrTx, refund: refundsRepo.RefundRow, application: ApplicationRow) {
    // No title: each reader's language says "your application" (the mail and the feed word it themselves).
    const title = application.title;
    const isApproved = refund.status === 'approved';
    await deps.webhooks?.emit(tx, {
      applicationId: refund.applicationId,
      type: isApproved ? 'refund.approved' : 'refund.rejected',
      data: {
        refundId: refund.id,
        amountPaise: refund.amountPaise,
        ...(isApproved ? {} : { reason: refund.decisionReason }),
      },
    });
    const client = await findUserContact(tx, refund.userId);
    if (client)
      await mailer.enqueue(
        tx,
        refundDecisionMail({
          to: client.email,
          name: client.name,
          language: client.language,
          title,
          amountPaise: refund.amountPaise,
          decision: isApproved ? 'approved' : 'rejected',
          reason: refund.decisionReason,
          toOrganisationWallet: application.organisationId !== null,
          walletUrl: application.organisationId
            ? `${config.publicUrl}/organisations/${application.organisationId}`
            : `${config.publicUrl}/wallet`,
        }),
      );
    await deps.notificationsService.notify(tx, {
      userId: refund.userId,
      applicationId: refund.applicationId,
      kind: isApproved ? 'refund_approved' : 'refund_rejected',
      text: isApproved
        ? {
            key: 'refund_approved',
            params: { amount: formatInr(refund.amountPaise), title: title ?? undefined },
          }
        : {
            key: 'refund_rejected',
            params: { title: title ?? undefined, reason: refund.decisionReason ?? undefined },
          },
    });
  }

  return {
    /** For the application's payment view: the owner's eligibility and the latest request. */
    /** The payment view's refund and, for its owner, whether one may be asked for, from the view's own facts. */
    async forApplication(
      application: ApplicationRow,
      options: {
        isOwner: boolean;
        money: { paidPaise: number; refundedPaise: number };
        latest: RefundWithNames | null;
      },
    ) {
      const { money, latest } = options;
      return {
        refund: latest ? toRefund(latest.refund, latest) : null,
        // The same latest request: read once for both.
        eligibility: options.isOwner
          ? await eligibility(db, application, { money, latest: latest?.refund ?? null })
          : null,
      };
    },

    async request(options: { applicationId: string; userId: string; reason?: string }) {
      const id = await db.transaction((tx) =>
        withLockedApplication(tx, options.applicationId, async (application) => {
          if (!application || application.ownerId !== options.userId) throw applicationErrors.notFound();
          const allowed = await eligibility(tx, application);
          if (!allowed.allowed)
            throw paymentErrors.refundNotAllowed(allowed.reason ?? 'A refund cannot be asked for now.');
          const requestedAt = now();
          const row = await refundsRepo.insertRefund(tx, {
            applicationId: application.id,
            userId: options.userId,
            amountPaise: allowed.amountPaise,
            reason: options.reason || null,
            requestedAt,
            dueAt: addBusinessDays(requestedAt, REFUND_CREDIT_BUSINESS_DAYS, holidays),
          });
          const client = await findUserContact(tx, options.userId);
          if (client)
            await mailer.enqueue(
              tx,
              refundRequestedMail({
                to: client.email,
                name: client.name,
                language: client.language,
                title: application.title,
                amountPaise: row.amountPaise,
                dueDate: formatDate(row.dueAt),
                toOrganisationWallet: application.organisationId !== null,
              }),
            );
          return row.id;
        }),
      );
      mailer.kick();
      return readRefund(db, id);
    },

    /**
     * Credits the wallet. Approving twice credits once: the refund row is locked, an approved one is returned as it
     * is, and the posting's cause key is the refund id. A refund never exceeds what is left of what was paid.
     */
    /** One refund request as the queue shows it; 404 when there is none. */
    get: (id: string) => readRefund(db, id),

    async approve(options: { id: string; adminId: string }) {
      await db.transaction((tx) =>
        withLockedRefund(tx, options.id, async ({ refund, application }) => {
          if (refund.status === 'approved') return;
          if (refund.status !== 'requested') throw paymentErrors.refundDecided(refund.status);
          const { paidPaise, refundedPaise } = await repo.moneyFor(tx, refund.applicationId);
          if (refund.amountPaise > paidPaise - refundedPaise)
            throw paymentErrors.refundNotAllowed('This refund is more than what is left of the fee paid.');
          await post(tx, {
            kind: 'refund',
            description: `Refund for “${application.title ?? 'an application'}”`,
            causeKey: `refund:${refund.id}`,
            applicationId: refund.applicationId,
            refundId: refund.id,
            // An organisation's application is refunded to the organisation's wallet (decision 0068).
            legs: [
              { account: 'refunds', amountPaise: -refund.amountPaise },
              application.organisationId
                ? {
                    account: 'organisation_wallet',
                    organisationId: application.organisationId,
                    amountPaise: refund.amountPaise,
                  }
                : { account: 'wallet', userId: refund.userId, amountPaise: refund.amountPaise },
            ],
          });
          const approved = await refundsRepo.updateRefund(tx, refund.id, {
            status: 'approved',
            decidedAt: now(),
            decidedBy: options.adminId,
          });
          if (approved) await tellDecision(tx, approved, application);
        }),
      );
      mailer.kick();
      return readRefund(db, options.id);
    },

    async reject(options: { id: string; adminId: string; reason: string }) {
      await db.transaction((tx) =>
        withLockedRefund(tx, options.id, async ({ refund, application }) => {
          if (refund.status === 'rejected') return;
          if (refund.status !== 'requested') throw paymentErrors.refundDecided(refund.status);
          const rejected = await refundsRepo.updateRefund(tx, refund.id, {
            status: 'rejected',
            decisionReason: options.reason,
            decidedAt: now(),
            decidedBy: options.adminId,
          });
          if (rejected) await tellDecision(tx, rejected, application);
        }),
      );
      mailer.kick();
      return readRefund(db, options.id);
    },

    /** The admin queue: waiting requests first, soonest due first; decided ones newest first. */
    async list(options: { status?: RefundStatus; page?: number; pageSize?: number }) {
      const page = options.page ?? 1;
      const pageSize = options.pageSize ?? 20;
      const {
        rows,
        total: n,
        overdue,
      } = await refundsRepo.listRefunds(db, {
        status: options.status,
        limit: pageSize,
        offset: (page - 1) * pageSize,
        now: now(),
      });
      return {
        refunds: rows.map((row) => toRefund(row.refund, row)),
        page,
        total: n,
        totalPages: Math.max(1, Math.ceil(n / pageSize)),
        overdueCount: overdue,
      };
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
