import {
  type AdminDataRequest,
  type AdminDataRequestsQuery,
  CONSENT_WITHDRAWAL_NOTICE_DAYS,
  type ConsentDecision,
  type ConsentKind,
  type DataRequest,
  type DataRequestKind,
  type LegalHold,
  PRIVACY_NOTICE_VERSION,
  TERMS_VERSION,
} from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { pageCount, pageWindow } from '../../platform/paging.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type AuthService, findUserContact, findUserContacts } from '../auth/auth.service.ts';
import type { NewsletterService } from '../newsletter/newsletter.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { countHeldPaymentRecords } from '../payments/payments.service.ts';
import type { RefundsService } from '../payments/refunds.service.ts';
import { eraseTicketsOfAccount } from '../support/support.service.ts';
import { privacyErrors } from './privacy.errors.ts';
import { accountClosedMail, withdrawalReceivedMail } from './privacy.mails.ts';
import * as repo from './privacy.repository.ts';

const DAY_MS = 86_400_000;

/** Why each kind of record outlives the account (shown in the admin view; the web app translates by `record`). */
const HOLD_REASONS: Record<LegalHold, string> = {
  register_entries:
    "Notaries Act 1952 and Notaries Rules 1956 r.13: the notary's register is kept permanently.",
  notarised_documents:
    'Information Technology Act 2000 s.67C: the fingerprints (hashes) of notarised documents prove what was sealed.',
  ledger_and_invoices:
    'CGST Act 2017 s.36 and Income-tax Act 1961 s.44AA: payment records and invoices are kept 8 years.',
  recordings:
    'Kept until their retention period ends (RECORDING_RETENTION_YEARS), then purged by the retention job.',
  consent_records: 'DPDP Act 2023 s.6(10): proof of the consents given and withdrawn.',
};

export type ConsentInput = {
  kind: ConsentKind;
  version: string;
  decision: ConsentDecision;
  userId?: string | null;
  signatoryId?: string | null;
  applicationId?: string | null;
  subscriberId?: string | null;
  ipAddress: string | null;
  userAgent?: string | null;
};

/**
 * Records one consent decision, in the caller's transaction (registration, the portal's identity consent, the
 * privacy notice dialog, the newsletter): the one writer of `consent_records`.
 */
export async function recordConsent(db: DbOrTx, input: ConsentInput) {
  await repo.insertConsent(db, {
    kind: input.kind,
    version: input.version,
    decision: input.decision,
    userId: input.userId ?? null,
    signatoryId: input.signatoryId ?? null,
    applicationId: input.applicationId ?? null,
    subscriberId: input.subscriberId ?? null,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
  });
}

function toRequest(row: repo.DataRequestRow): DataRequest {
  return {
    _id: row.id,
    kind: row.kind as DataRequestKind,
    status: row.status as DataRequest['status'],
    text: row.text,
    requestedAt: row.requestedAt.toISOString(),
    effectiveAt: row.effectiveAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/**
 * People's rights over their data (issue 26): consent records, the privacy notice asked again when it changes,
 * withdrawal of consent with 30 days' notice (terms, spec §4), erasure, and closing an account under legal holds.
 */
export function createPrivacyService(deps: {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  authService: AuthService;
  applicationsService: ApplicationsService;
  refundsService: RefundsService;
  notificationsService: NotificationsService;
  newsletterService: NewsletterService;
  /** "Download my data" archives: deleted when the account closes. */
  dataExports?: { eraseAllOf: (userId: string) => Promise<number> };
  /** Closes the person's open sockets once their sessions are gone. */
  onSessionsEnded?: (userId: string) => void;
  now?: () => Date;
}) {
  const { db, mailer } = deps;
  const now = deps.now ?? (() => new Date());

  async function newRequest(options: {
    userId: string;
    kind: DataRequestKind;
    text: string;
    ipAddress: string | null;
  }) {
    const requestedAt = now();
    const effectiveAt =
      options.kind === 'withdrawal'
        ? new Date(requestedAt.getTime() + CONSENT_WITHDRAWAL_NOTICE_DAYS * DAY_MS)
        : requestedAt;
    const row = await db.transaction(async (tx) => {
      if (await repo.findPendingOf(tx, options.userId)) throw privacyErrors.requestPending();
      const inserted = await repo.insertRequest(tx, {
        userId: options.userId,
        kind: options.kind,
        text: options.text,
        ipAddress: options.ipAddress,
        requestedAt,
        effectiveAt,
      });
      const contact = await findUserContact(tx, options.userId);
      if (options.kind === 'withdrawal') {
        for (const kind of ['terms', 'privacy_notice', 'marketing'] as const)
          await recordConsent(tx, {
            kind,
            version: kind === 'terms' ? TERMS_VERSION : PRIVACY_NOTICE_VERSION,
            decision: 'withdrawn',
            userId: options.userId,
            ipAddress: options.ipAddress,
          });
        if (contact)
          await mailer.enqueue(
            tx,
            withdrawalReceivedMail({
              to: contact.email,
              name: contact.name,
              language: contact.language,
              effectiveAt,
              profileUrl: `${deps.config.publicUrl}/profile`,
              text: options.text,
            }),
          );
      }
      return inserted;
    });
    mailer.kick();
    return row;
  }

  /** What was kept (and why) and what went, once the account is closed. */
  async function closeAccount(request: repo.DataRequestRow) {
    const userId = request.userId;
    const reason =
      request.kind === 'withdrawal'
        ? 'Cancelled by Mohar: the account holder withdrew their consent.'
        : 'Cancelled by Mohar: the account holder asked for their data to be erased.';
    const applications = await deps.applicationsService.closeForOwner({
      ownerId: userId,
      reason: { code: request.kind === 'withdrawal' ? 'consent_withdrawn' : 'erasure_asked' },
    });
    let refundsAsked = 0;
    for (const applicationId of applications.cancelled) {
      // The refund policy decides (a cancellation by Mohar is covered); nothing paid means nothing to ask for.
      const refund = await deps.refundsService
        .request({ applicationId, userId, reason })
        .then(() => true)
        .catch(() => false);
      if (refund) refundsAsked += 1;
    }
    const exportsErased = (await deps.dataExports?.eraseAllOf(userId)) ?? 0;
    const closedAt = now();
    const result = await db.transaction(async (tx) => {
      const locked = await repo.findRequestForUpdate(tx, request.id);
      if (locked?.status !== 'pending') return null;
      const contact = await findUserContact(tx, userId);
      const money = await countHeldPaymentRecords(tx, userId);
      const notifications = await deps.notificationsService.eraseAllOf(tx, userId);
      if (contact)
        await mailer.enqueue(
          tx,
          accountClosedMail({ to: contact.email, name: contact.name, language: contact.language }),
        );
      const closed = await deps.authService.closeAccount(tx, { userId, closedAt });
      const subscriptions = closed ? await deps.newsletterService.eraseAddress(tx, closed.email) : 0;
      const tickets = await eraseTicketsOfAccount(tx, {
        userId,
        email: closed?.email ?? contact?.email ?? '',
      });
      const acts = applications.kept.notarised;
      const kept = (
        [
          ['register_entries', acts],
          ['notarised_documents', acts],
          ['ledger_and_invoices', money.payments + money.receipts + money.ledgerEntries],
          ['recordings', acts],
          ['consent_records', await repo.countConsentsOf(tx, userId)],
        ] as const
      ).map(([record, count]) => ({ record, count, reason: HOLD_REASONS[record] }));
      const erased = [
        { record: 'account_details', count: closed ? 1 : 0 },
        { record: 'sessions', count: closed?.sessions ?? 0 },
        { record: 'account_links', count: closed?.tokens ?? 0 },
        { record: 'notifications', count: notifications },
        { record: 'newsletter_subscription', count: subscriptions },
        { record: 'draft_applications', count: applications.deletedDrafts },
        { record: 'cancelled_applications', count: applications.cancelled.length },
        { record: 'cancelled_application_documents', count: applications.erasedDocuments },
        { record: 'cancelled_application_signatories', count: applications.erasedSignatories },
        { record: 'support_tickets', count: tickets },
        { record: 'data_exports', count: exportsErased },
        { record: 'refunds_requested', count: refundsAsked },
      ];
      await repo.updateRequest(tx, request.id, { status: 'completed', completedAt: closedAt, kept, erased });
      await recordAudit(tx, {
        actor: { userId: null, role: 'system', ipAddress: null },
        action: 'account.closed',
        subject: { type: 'user', id: userId },
        detail: `${request.kind}: ${erased.map((e) => `${e.record} ${e.count}`).join(', ')}`,
      });
      return { kept, erased };
    });
    deps.onSessionsEnded?.(userId);
    mailer.kick();
    return result;
  }

  return {
    async status(userId: string) {
      const [consents, pending] = await Promise.all([
        repo.listConsentsOf(db, userId),
        repo.findPendingOf(db, userId),
      ]);
      const latestNotice = consents.find((c) => c.kind === 'privacy_notice');
      const acceptedVersion = latestNotice?.decision === 'given' ? latestNotice.version : null;
      return {
        privacyNotice: {
          version: PRIVACY_NOTICE_VERSION,
          acceptedVersion,
          // Not while a withdrawal is pending: the person said no, the dialog would ask them to say yes again.
          mustAccept: acceptedVersion !== PRIVACY_NOTICE_VERSION && !pending,
        },
        pending: pending ? toRequest(pending) : null,
        consents: consents.map((c) => ({
          _id: c.id,
          kind: c.kind as ConsentKind,
          version: c.version,
          decision: c.decision as ConsentDecision,
          applicationId: c.applicationId,
          ipAddress: c.ipAddress,
          createdAt: c.createdAt.toISOString(),
        })),
      };
    },

    async acceptPrivacyNotice(options: {
      userId: string;
      version: string;
      ipAddress: string | null;
      userAgent: string | null;
    }) {
      if (options.version !== PRIVACY_NOTICE_VERSION) throw privacyErrors.noticeOutdated();
      await recordConsent(db, {
        kind: 'privacy_notice',
        version: PRIVACY_NOTICE_VERSION,
        decision: 'given',
        userId: options.userId,
        ipAddress: options.ipAddress,
        userAgent: options.userAgent,
      });
    },

    async requestWithdrawal(options: { userId: string; text: string; ipAddress: string | null }) {
      return toRequest(await newRequest({ ...options, kind: 'withdrawal' }));
    },

    async requestErasure(options: { userId: string; text: string; ipAddress: string | null }) {
      return toRequest(await newRequest({ ...options, kind: 'erasure' }));
    },

    /** The person changed their mind before the date (or before an admin carried out an erasure). */
    async cancel(options: { userId: string; id: string; ipAddress: string | null }) {
      const row = await db.transaction(async (tx) => {
        const found = await repo.findRequestForUpdate(tx, options.id);
        if (!found || found.userId !== options.userId) throw privacyErrors.requestNotFound();
        if (found.status !== 'pending') throw privacyErrors.requestNotPending();
        if (found.kind === 'withdrawal')
          for (const kind of ['terms', 'privacy_notice'] as const)
            await recordConsent(tx, {
              kind,
              version: kind === 'terms' ? TERMS_VERSION : PRIVACY_NOTICE_VERSION,
              decision: 'given',
              userId: options.userId,
              ipAddress: options.ipAddress,
            });
        return repo.updateRequest(tx, found.id, { status: 'cancelled', cancelledAt: now() });
      });
      return toRequest(row);
    },

    /** The scheduled job (`privacy.closures`): every withdrawal whose 30 days are over closes its account. */
    async closeDue() {
      let closed = 0;
      for (const id of await repo.findDueWithdrawalIds(db, now())) {
        const row = await repo.findRequestForUpdate(db, id);
        if (row?.status !== 'pending') continue;
        try {
          if (await closeAccount(row)) closed += 1;
        } catch (error) {
          await repo.updateRequest(db, id, { status: 'failed', failure: String(error).slice(0, 500) });
        }
      }
      return closed;
    },

    /** Support or compliance carries out an erasure request (after checking nothing else holds it). */
    async carryOut(options: { id: string }) {
      const row = await repo.findRequestForUpdate(db, options.id);
      if (!row) throw privacyErrors.requestNotFound();
      if (row.status !== 'pending') throw privacyErrors.requestNotPending();
      await closeAccount(row);
      return this.adminOne(options.id);
    },

    async adminOne(id: string): Promise<AdminDataRequest> {
      const row = await repo.findRequestForUpdate(db, id);
      if (!row) throw privacyErrors.requestNotFound();
      const [contact] = await findUserContacts(db, [row.userId]);
      return toAdmin(row, contact);
    },

    async adminList(query: AdminDataRequestsQuery) {
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 20;
      const { rows, total } = await repo.listRequests(db, {
        status: query.status,
        ...pageWindow(page, pageSize),
      });
      const contacts = await findUserContacts(
        db,
        rows.map((r) => r.userId),
      );
      const byId = new Map(contacts.map((c) => [c.id, c]));
      return {
        requests: rows.map((r) => toAdmin(r, byId.get(r.userId))),
        page,
        totalPages: pageCount(total, pageSize),
      };
    },
  };
}

function toAdmin(
  row: repo.DataRequestRow,
  contact: { name: string; email: string } | undefined,
): AdminDataRequest {
  return {
    ...toRequest(row),
    userId: row.userId,
    name: contact?.name ?? '',
    email: contact?.email ?? '',
    kept: (row.kept ?? []) as AdminDataRequest['kept'],
    erased: row.erased ?? [],
    failure: row.failure,
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
