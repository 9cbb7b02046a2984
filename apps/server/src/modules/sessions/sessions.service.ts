import type { ApplicationStatus, NotaryRequest, StatusReason } from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Mailer } from '../../platform/mailer.ts';
import {
  type ApplicationsService,
  listSignatories,
  STATUS_LABELS,
  withLockedApplication,
} from '../applications/applications.service.ts';
import { findNotaryProfile } from '../notaries/notaries.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { signatoryLanguagesOf } from '../portal/portal.service.ts';
import { reminderMessage, serviceWindow } from './service-hours.ts';
import { sessionErrors } from './sessions.errors.ts';
import { notaryReadyMail, serviceOpenMail } from './sessions.mails.ts';
import * as repo from './sessions.repository.ts';

export type Requester = { userId: string; role: string } | { signatoryId: string };

const ENDS_REQUEST: ReadonlySet<ApplicationStatus> = new Set(['cancelled', 'failed', 'rejected']);

export type SessionsService = ReturnType<typeof createSessionsService>;

/**
 * Start Notarization and the notary's queue (issue 9): a request inside service hours, offered to the named notary or
 * to every verified notary online; the first to accept gets it (one guarded UPDATE); a named notary may decline;
 * nobody in time → the participants are told and may ask again.
 */
export function createSessionsService(deps: {
  db: Database;
  config: AppConfig;
  applicationsService: ApplicationsService;
  notificationsService: NotificationsService;
  mailer: Pick<Mailer, 'enqueue'>;
  /** A booked session's notary (issue 26): the request goes to them at the booked time. */
  bookedNotary?: (tx: DbOrTx, applicationId: string) => Promise<string | null>;
  /** An organisation's in-house notaries (decision 0074): its "first available" requests go to them first or only. */
  inHouseRoute?: (
    tx: DbOrTx,
    options: { organisationId: string; at: Date; windowMs: number },
  ) => Promise<{ notaryIds: string[]; until: Date | null } | null>;
  now?: () => Date;
}) {
  const { db, config, notificationsService } = deps;
  const now = deps.now ?? (() => new Date());
  const holidays = new Set(config.holidays);

  const windowAt = (at: Date) =>
    config.serviceHoursAlwaysOpen ? { isOpen: true, opensAt: at } : serviceWindow(at, holidays);

  async function verifiedNotary(userId: string) {
    const notary = await findNotaryProfile(db, userId);
    if (notary?.status !== 'verified') throw sessionErrors.cannotTakeWork();
    return notary;
  }

  // A request ends with its application (cancelled, failed, rejected while a notary was being sought).
  deps.applicationsService.onTransition(async (tx, change) => {
    if (change.from === 'waiting_for_notary' && ENDS_REQUEST.has(change.to))
      await repo.cancelOpen(tx, change.applicationId, now());
  });

  return {
    async start(options: {
      applicationId: string;
      requester: Requester;
      ip: string | null;
      /** Ask every available notary, even when the wizard named one (after a decline or no answer). */
      firstAvailable?: boolean;
    }) {
      const at = now();
      const window = windowAt(at);
      if (!window.isOpen) throw sessionErrors.outsideHours(window.opensAt);
      const expiresAt = new Date(at.getTime() + config.notaryAcceptMinutes * 60_000);
      const request = await db.transaction((tx) =>
        withLockedApplication(tx, options.applicationId, async (row) => {
          if (!row) throw sessionErrors.notFound();
          if (row.status !== 'ready')
            throw sessionErrors.notReady(STATUS_LABELS[row.status as ApplicationStatus]);
          const withoutAddress = (await listSignatories(tx, row.id)).filter((s) => !s.address?.trim());
          if (withoutAddress.length > 0)
            throw sessionErrors.addressMissing(withoutAddress.map((s) => s.fullName));
          const booked = (await deps.bookedNotary?.(tx, row.id)) ?? null;
          const chosen =
            booked ?? (row.notaryChoice === 'named' && !options.firstAvailable ? row.notaryId : null);
          const route = row.organisationId
            ? ((await deps.inHouseRoute?.(tx, {
                organisationId: row.organisationId,
                at,
                windowMs: expiresAt.getTime() - at.getTime(),
              })) ?? null)
            : null;
          // Under the organisation's "only" setting (a reservation for good), a notary named or booked before it was
          // switched on is not asked: its own notaries are, as for "first available" (decision 0091).
          const isOutsider = route?.until === null && chosen !== null && !route.notaryIds.includes(chosen);
          const namedNotary = isOutsider ? null : chosen;
          const reserved = namedNotary ? null : route;
          const inserted = await repo.insertRequest(tx, {
            applicationId: row.id,
            notaryId: namedNotary,
            expiresAt,
            reservedFor: reserved?.notaryIds ?? null,
            reservedUntil: reserved?.until ?? null,
            ...('userId' in options.requester
              ? { requestedByUserId: options.requester.userId }
              : { requestedBySignatoryId: options.requester.signatoryId }),
          });
          await deps.applicationsService.transition({
            id: row.id,
            to: 'waiting_for_notary',
            actor:
              'userId' in options.requester
                ? { userId: options.requester.userId, role: options.requester.role, ip: options.ip }
                : { userId: null, role: 'signatory', ip: options.ip },
            serverReason: { code: 'start_notarization' },
            tx,
          });
          const signatories = await listSignatories(tx, row.id);
          const text = {
            key: 'notary_request' as const,
            params: { title: row.title ?? undefined, count: String(signatories.length) },
          };
          const addressed = namedNotary ? [namedNotary] : (reserved?.notaryIds ?? null);
          if (addressed)
            for (const userId of addressed)
              await notificationsService.notify(tx, {
                userId,
                kind: 'notary_request',
                text,
                isImportant: true,
              });
          else await notificationsService.notifyAvailableNotaries(tx, { kind: 'notary_request', text });
          return inserted;
        }),
      );
      notificationsService.kick();
      return {
        requestId: request.id,
        status: 'waiting_for_notary' as const,
        expiresAt: expiresAt.toISOString(),
      };
    },

    async queue(notaryUserId: string): Promise<NotaryRequest[]> {
      const notary = await verifiedNotary(notaryUserId);
      const rows = await repo.queueFor(db, { id: notaryUserId, isOnline: notary.isOnline }, now());
      return rows.map((row) => ({
        _id: row.request.id,
        applicationId: row.request.applicationId,
        title: row.title,
        documentType: row.documentType,
        notarialAct: row.notarialAct,
        signatoryCount: row.signatoryCount,
        isForMe: row.request.notaryId === notaryUserId,
        createdAt: row.request.createdAt.toISOString(),
        expiresAt: row.request.expiresAt.toISOString(),
      }));
    },

    async accept(options: { requestId: string; notaryUserId: string; ip: string | null }) {
      const notary = await verifiedNotary(options.notaryUserId);
      const applicationId = await db.transaction(async (tx) => {
        const claimed = await repo.claim(tx, {
          requestId: options.requestId,
          notaryId: options.notaryUserId,
          isOnline: notary.isOnline,
          now: now(),
        });
        if (!claimed) return null;
        await deps.applicationsService.transition({
          id: claimed.applicationId,
          to: 'in_session',
          actor: { userId: options.notaryUserId, role: 'notary', ip: options.ip },
          serverReason: { code: 'notary_accepted' },
          changes: { assignedNotaryId: options.notaryUserId, notaryId: options.notaryUserId },
          tx,
        });
        await withLockedApplication(tx, claimed.applicationId, async (row) => {
          if (!row) return;
          const signatories = await listSignatories(tx, row.id);
          const languageOf = await signatoryLanguagesOf(tx, { ownerId: row.ownerId, signatories });
          for (const signatory of signatories)
            await deps.mailer.enqueue(
              tx,
              notaryReadyMail({
                language: languageOf(signatory.id),
                to: signatory.email,
                name: signatory.fullName,
                title: row.title,
                notaryName: notary.fullName,
              }),
            );
          await notificationsService.notify(tx, {
            userId: row.ownerId,
            applicationId: row.id,
            kind: 'notary_accepted',
            text: {
              key: 'notary_accepted',
              params: { notary: notary.fullName ?? undefined, title: row.title ?? undefined },
            },
            isImportant: true,
          });
        });
        return claimed.applicationId;
      });
      if (!applicationId) {
        const request = isUuid(options.requestId) ? await repo.findRequest(db, options.requestId) : undefined;
        const couldSee = request && (request.notaryId === null || request.notaryId === options.notaryUserId);
        throw couldSee ? sessionErrors.requestGone() : sessionErrors.notFound();
      }
      notificationsService.kick();
      return { applicationId };
    },

    async decline(options: { requestId: string; notaryUserId: string; reason: string; ip: string | null }) {
      await verifiedNotary(options.notaryUserId);
      if (!isUuid(options.requestId)) throw sessionErrors.notFound();
      const request = await repo.findRequest(db, options.requestId);
      if (!request || (request.notaryId !== null && request.notaryId !== options.notaryUserId))
        throw sessionErrors.notFound();
      if (request.status !== 'open') throw sessionErrors.requestGone();
      if (request.notaryId === null) {
        // "First available": this notary passes; the others may still take it.
        await repo.passOn(db, {
          requestId: request.id,
          notaryId: options.notaryUserId,
          reason: options.reason,
        });
        return;
      }
      await db.transaction(async (tx) => {
        const closed = await repo.closeNamed(tx, {
          requestId: request.id,
          notaryId: options.notaryUserId,
          reason: options.reason,
          now: now(),
        });
        if (!closed) throw sessionErrors.requestGone();
        await backToReady(tx, request.applicationId, {
          actor: { userId: options.notaryUserId, role: 'notary', ip: options.ip },
          reason: { code: 'declined', params: { reason: options.reason } },
          text: { key: 'notary_declined', params: { reason: options.reason } },
        });
      });
      notificationsService.kick();
    },

    /**
     * Outside service hours: remember to tell the participants when it opens (once per application and opening).
     * Inside them there is nothing to wait for: 409, and the client simply starts.
     */
    async remindAtOpening(options: { applicationId: string }) {
      const window = windowAt(now());
      if (window.isOpen) throw sessionErrors.openNow();
      await db.transaction((tx) =>
        withLockedApplication(tx, options.applicationId, async (row) => {
          if (!row) throw sessionErrors.notFound();
          if (row.status !== 'ready')
            throw sessionErrors.notReady(STATUS_LABELS[row.status as ApplicationStatus]);
          await repo.insertReminder(tx, { applicationId: row.id, notifyAt: window.opensAt });
        }),
      );
      return { notifyAt: window.opensAt.toISOString(), message: reminderMessage(window.opensAt) };
    },

    /** Due opening reminders: the owner is told (in the app, and by e-mail when offline), each signatory e-mailed. */
    async sendDueReminders(at = now()) {
      const sent = await db.transaction(async (tx) => {
        const due = await repo.claimDueReminders(tx, at);
        for (const reminder of due)
          await withLockedApplication(tx, reminder.applicationId, async (row) => {
            if (row?.status !== 'ready') return;
            await notificationsService.notify(tx, {
              userId: row.ownerId,
              applicationId: row.id,
              kind: 'service_open',
              text: { key: 'service_open', params: { title: row.title ?? undefined } },
              isImportant: true,
            });
            const signatories = await listSignatories(tx, row.id);
            const languageOf = await signatoryLanguagesOf(tx, { ownerId: row.ownerId, signatories });
            for (const signatory of signatories)
              await deps.mailer.enqueue(
                tx,
                serviceOpenMail({
                  to: signatory.email,
                  name: signatory.fullName,
                  title: row.title,
                  language: languageOf(signatory.id),
                }),
              );
          });
        return due.length;
      });
      if (sent > 0) notificationsService.kick();
      return sent;
    },

    /** Requests nobody accepted in time: closed, the application ready again, the owner told. Idempotent. */
    async expireDue(at = now()) {
      const expired = await db.transaction(async (tx) => {
        const rows = await repo.claimExpired(tx, at);
        for (const request of rows)
          await backToReady(tx, request.applicationId, {
            actor: { userId: null, role: 'system', ip: null },
            reason: { code: 'no_notary', params: { minutes: String(config.notaryAcceptMinutes) } },
            text: { key: 'notary_timeout', params: { minutes: String(config.notaryAcceptMinutes) } },
          });
        return rows.length;
      });
      if (expired > 0) notificationsService.kick();
      return expired;
    },
  };

  async function backToReady(
    tx: DbOrTx,
    applicationId: string,
    options: {
      actor: { userId: string | null; role: string; ip: string | null };
      reason: StatusReason;
      text: { key: 'notary_declined' | 'notary_timeout'; params: Record<string, string> };
    },
  ) {
    await withLockedApplication(tx, applicationId, async (row) => {
      if (row?.status !== 'waiting_for_notary') return;
      await deps.applicationsService.transition({
        id: applicationId,
        to: 'ready',
        actor: options.actor,
        serverReason: options.reason,
        tx,
      });
      await notificationsService.notify(tx, {
        userId: row.ownerId,
        applicationId,
        kind: 'notary_declined',
        text: { key: options.text.key, params: { ...options.text.params, title: row.title ?? undefined } },
        isImportant: true,
      });
    });
  }
}
