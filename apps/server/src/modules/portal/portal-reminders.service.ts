import type { SignatoryProgress } from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { applicationErrors } from '../applications/applications.errors.ts';
import {
  findApplicationWithNames,
  listSignatories,
  listSignatoriesInProgress,
  type Viewer,
} from '../applications/applications.service.ts';
import { serviceWindow } from '../sessions/service-hours.ts';
import { portalErrors } from './portal.errors.ts';
import { reminderMail } from './portal.mails.ts';
import * as repo from './portal.repository.ts';
import { findSignatoryMailLanguages, type PortalService } from './portal.service.ts';

const HOUR_MS = 3_600_000;
/** The owner may remind one signatory once an hour: enough to nudge, too little to pester. */
const OWNER_PACE_MS = HOUR_MS;
/** Steps still to take in the portal, while the application waits for everyone's identity. */
const UNFINISHED: readonly SignatoryProgress[] = ['invited', 'email_confirmed', 'consented'];

const IST_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/**
 * Reminders to signatories who have not finished the portal (issue 26): automatic ones PORTAL_REMINDER_HOURS after
 * their first link, sent inside service hours, and the owner's at any time (once an hour per signatory). A reminder
 * carries a fresh link and leaves the earlier ones working; only "Send a new link" replaces them.
 */
export function createPortalRemindersService(deps: {
  db: Database;
  mailer: Mailer;
  config: AppConfig;
  portalService: Pick<PortalService, 'additionalLink'>;
  now?: () => Date;
}) {
  const { db, mailer, config } = deps;
  const now = deps.now ?? (() => new Date());
  const holidays = new Set(config.holidays);
  const isServiceOpen = (at: Date) => config.serviceHoursAlwaysOpen || serviceWindow(at, holidays).isOpen;

  /** Records the reminder and queues its mail in one transaction; false when that step was already sent. */
  async function send(options: { applicationId: string; signatoryId: string; step: number | null }) {
    const isSent = await db.transaction(async (tx) => {
      const application = await findApplicationWithNames(tx, options.applicationId);
      const signatory = (await listSignatories(tx, options.applicationId)).find(
        (s) => s.id === options.signatoryId,
      );
      if (!application || !signatory) return false;
      const isNew = await repo.insertReminder(tx, { ...options, sentAt: now() });
      if (!isNew) return false;
      const link = await deps.portalService.additionalLink(tx, options);
      await mailer.enqueue(
        tx,
        reminderMail({
          language: (
            await findSignatoryMailLanguages(tx, {
              signatoryIds: [signatory.id],
              ownerLanguage: application.ownerLanguage,
            })
          )(signatory.id),
          to: signatory.email,
          name: signatory.fullName,
          ownerName: application.ownerName,
          title: application.title,
          link: link.url,
          expiresAt: link.expiresAt,
        }),
      );
      return true;
    });
    if (isSent) mailer.kick();
    return isSent;
  }

  return {
    /** The sweep: each due step once per signatory; a step missed while the server was down is not sent late twice. */
    async sendDueReminders(): Promise<number> {
      const hours = config.portalReminderHours;
      const at = now();
      if (hours.length === 0 || !isServiceOpen(at)) return 0;
      const waiting = await listSignatoriesInProgress(db, {
        status: 'awaiting_identity',
        progress: UNFINISHED,
      });
      const states = await repo.reminderStates(
        db,
        waiting.map((w) => w.signatoryId),
      );
      const applicationOf = new Map(waiting.map((w) => [w.signatoryId, w.applicationId]));
      let sent = 0;
      for (const state of states) {
        if (!state.firstInvitedAt) continue;
        const elapsedHours = (at.getTime() - new Date(state.firstInvitedAt).getTime()) / HOUR_MS;
        // The latest step that is due: after a long stop only that one is sent, not every one missed.
        const due = hours.findLastIndex((h) => elapsedHours >= h);
        const last = state.lastStep === null ? -1 : Number(state.lastStep);
        const applicationId = applicationOf.get(state.signatoryId);
        if (due <= last || !applicationId) continue;
        if (await send({ applicationId, signatoryId: state.signatoryId, step: due })) sent += 1;
      }
      return sent;
    },

    /** The owner (or an admin) reminds one signatory now; the person's links all keep working. */
    async remind(options: { applicationId: string; signatoryId: string; viewer: Viewer }) {
      if (!isUuid(options.applicationId) || !isUuid(options.signatoryId)) throw applicationErrors.notFound();
      const application = await findApplicationWithNames(db, options.applicationId);
      const mayAct =
        application && (application.ownerId === options.viewer.userId || options.viewer.role === 'admin');
      if (!application || !mayAct) throw applicationErrors.notFound();
      const signatory = (await listSignatories(db, application.id)).find((s) => s.id === options.signatoryId);
      if (!signatory) throw applicationErrors.notFound();
      const isWaiting =
        application.status === 'awaiting_identity' &&
        (UNFINISHED as readonly string[]).includes(signatory.progress);
      if (!isWaiting) throw portalErrors.reminderNotNeeded(signatory.fullName);
      const lastAt = await repo.lastOwnerReminderAt(db, signatory.id);
      if (lastAt && now().getTime() - lastAt.getTime() < OWNER_PACE_MS) {
        const nextAt = new Date(lastAt.getTime() + OWNER_PACE_MS);
        throw portalErrors.reminderTooSoon({
          name: signatory.fullName,
          nextAt,
          nextAtText: `at ${IST_CLOCK.format(nextAt)} IST`,
        });
      }
      await send({ applicationId: application.id, signatoryId: signatory.id, step: null });
      return { message: `${signatory.fullName} has been reminded. Their links keep working.` };
    },
  };
}

export type PortalRemindersService = ReturnType<typeof createPortalRemindersService>;
