import {
  type AdminApplicationDetail,
  type AdminApplicationListItem,
  type AdminApplicationsQuery,
  type ApplicationStatus,
  adminDashboardQueues,
  type DocumentType,
  type FailedSeal,
  type LiveSession,
  type NotarialAct,
  type SealRetryResponse,
  type SealState,
} from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import { pageCount, pageWindow } from '../../platform/paging.ts';
import { applicationErrors } from '../applications/applications.errors.ts';
import {
  type AdminListFilter,
  type ApplicationsService,
  findApplicationStuckState,
  findApplicationsForAdmin,
} from '../applications/applications.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { findUserContact } from '../auth/auth.service.ts';
import { istDateKey } from '../payments/business-days.ts';
import { findPaymentsPaidBetween, type PaymentsService } from '../payments/payments.service.ts';
import { findSeal, listFailedSeals, type SealingService } from '../sealing/sealing.service.ts';
import {
  listLiveSessions,
  presentInSession,
  sessionRecordingState,
  sessionTimeline,
} from '../sessions/call.service.ts';

const DAY_MS = 86_400_000;
const DEFAULT_PAGE_SIZE = 20;
/** A day in India starts at 00:00 IST. */
const istMidnight = (day: string) => new Date(`${day}T00:00:00+05:30`);

type SealRow = NonNullable<Awaited<ReturnType<typeof findSeal>>>;
const toSealState = (row: SealRow | null): SealState | null =>
  row
    ? {
        status: row.status as SealState['status'],
        attempts: row.attempts,
        lastError: row.lastError,
        startedAt: row.startedAt.toISOString(),
        finishedAt: row.finishedAt?.toISOString() ?? null,
      }
    : null;

/**
 * The console's applications and sessions (issue 22), for `support` (and `owner`): every application with filters,
 * one application's full record, the sessions live now, failed seals and their retry. Composed from the owning
 * modules' services; the dashboard's counts are read through the same functions, so a count and the queue it links
 * to are one query.
 */
export function createAdminApplicationsService(deps: {
  db: Database;
  applicationsService: Pick<ApplicationsService, 'view' | 'events' | 'readableRow'>;
  paymentsService: Pick<PaymentsService, 'paymentsOf'>;
  sealingService: Pick<SealingService, 'retry'>;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** The query's days and amounts resolved to what the applications module filters on. */
  async function filterOf(query: AdminApplicationsQuery, at: Date): Promise<AdminListFilter> {
    const from = query.from ? istMidnight(query.from) : undefined;
    const to = query.to ? new Date(istMidnight(query.to).getTime() + DAY_MS) : undefined;
    const isDated = Boolean(from || to);
    const paidIds =
      isDated && query.dateOf === 'paid'
        ? (await findPaymentsPaidBetween(db, { from: from ?? new Date(0), to: to ?? new Date(8.64e15) })).map(
            (row) => row.applicationId,
          )
        : undefined;
    return {
      search: query.search?.trim() || undefined,
      status: query.status,
      notaryId: query.notary,
      act: query.act,
      from: paidIds ? undefined : from,
      to: paidIds ? undefined : to,
      dateOf: query.dateOf === 'notarised' ? 'notarised' : 'created',
      ids: paidIds,
      minPaise: query.minPaise === undefined ? undefined : Number(query.minPaise),
      maxPaise: query.maxPaise === undefined ? undefined : Number(query.maxPaise),
      onlyStuck: query.stuck === 'true',
      now: at,
    };
  }

  async function list(query: AdminApplicationsQuery) {
    const page = Number(query.page ?? 1);
    const pageSize = Number(query.pageSize ?? DEFAULT_PAGE_SIZE);
    const at = now();
    const { total, rows } = await findApplicationsForAdmin(db, {
      filter: await filterOf(query, at),
      ...pageWindow(page, pageSize),
    });
    const applications: AdminApplicationListItem[] = rows.map((row) => {
      const notaryId = row.assignedNotaryId ?? row.notaryId;
      return {
        _id: row.id,
        title: row.title,
        documentType: row.documentType as DocumentType | null,
        notarialAct: row.notarialAct as NotarialAct | null,
        status: row.status as ApplicationStatus,
        owner: { _id: row.ownerId, name: row.ownerName },
        notary: notaryId ? { _id: notaryId, name: row.notaryName ?? '' } : null,
        signatoryCount: row.signatoryCount,
        totalPaise: row.fee?.totalPaise ?? null,
        createdAt: row.createdAt.toISOString(),
        statusSince: row.statusSince.toISOString(),
        stuck: row.stuck,
      };
    });
    return { applications, totalPages: pageCount(total, pageSize), page, total };
  }

  async function liveSessions(): Promise<LiveSession[]> {
    const sessions = await listLiveSessions(db);
    return Promise.all(
      sessions.map(async (session) => ({
        ...session,
        notarialAct: session.notarialAct as NotarialAct | null,
        startedAt: session.startedAt.toISOString(),
        seal: toSealState(await findSeal(db, session.applicationId)),
      })),
    );
  }

  async function failedSeals(): Promise<FailedSeal[]> {
    return (await listFailedSeals(db)).map(({ seal, application }) => ({
      applicationId: seal.applicationId,
      title: application.title,
      notary: application.notaryId ? { _id: application.notaryId, name: application.notaryName ?? '' } : null,
      attempts: seal.attempts,
      lastError: seal.lastError,
      failedAt: seal.startedAt.toISOString(),
    }));
  }

  return {
    list,
    liveSessions,
    failedSeals,

    async detail(options: {
      id: string;
      viewer: { userId: string; role: string };
    }): Promise<AdminApplicationDetail> {
      const { id, viewer } = options;
      const row = await deps.applicationsService.readableRow(id, viewer);
      const application = await deps.applicationsService.view(id, viewer, row);
      const at = now();
      const [owner, state, payments, present, recording, seal, statusEvents, sessionEvents] =
        await Promise.all([
          findUserContact(db, row.ownerId),
          findApplicationStuckState(db, { id, now: at }),
          deps.paymentsService.paymentsOf(id),
          application.status === 'in_session' ? presentInSession(db, id) : Promise.resolve([]),
          sessionRecordingState(db, { applicationId: id }),
          findSeal(db, id),
          deps.applicationsService.events({ id, viewer }),
          sessionTimeline(db, id),
        ]);
      if (!state) throw applicationErrors.notFound();
      return {
        application,
        ownerEmail: owner?.email ?? '',
        stuck: state.stuck,
        statusSince: state.statusSince.toISOString(),
        payments,
        session: { present, recording },
        seal: toSealState(seal),
        statusEvents,
        sessionEvents,
      };
    },

    async retrySeal(options: { applicationId: string; actor: AuditActor }): Promise<SealRetryResponse> {
      const result = await deps.sealingService.retry(options);
      return {
        outcome: result.outcome,
        message: RETRY_MESSAGES[result.outcome],
        seal: toSealState(result.seal),
      };
    },

    /**
     * The dashboard's counts, each read through the list it links to: the live sessions, the failed seals, and
     * today's (IST) applications, revenue (payments captured) and completed acts by the applications list's filters.
     */
    async counts() {
      const today = istDateKey(now());
      const queues = adminDashboardQueues(today);
      const [sessions, seals, made, paid, completed] = await Promise.all([
        listLiveSessions(db),
        listFailedSeals(db),
        list({ ...queues.applicationsToday.query, pageSize: 1 }),
        findPaymentsPaidBetween(db, {
          from: istMidnight(today),
          to: new Date(istMidnight(today).getTime() + DAY_MS),
        }),
        list({ ...queues.actsCompletedToday.query, pageSize: 1 }),
      ]);
      return {
        today,
        sessionsLive: sessions.length,
        sealsFailed: seals.length,
        applicationsToday: made.total,
        revenueTodayPaise: paid.reduce((sum, row) => sum + row.amountPaise, 0),
        actsCompletedToday: completed.total,
      };
    },
  };
}

const RETRY_MESSAGES: Record<SealRetryResponse['outcome'], string> = {
  sealed: 'Sealed. The client and the signatories have been told.',
  already_sealed: 'This document was already sealed; nothing was changed.',
  failed: 'Sealing failed again. The document is unchanged; the error is shown below.',
};

export type AdminApplicationsService = ReturnType<typeof createAdminApplicationsService>;
