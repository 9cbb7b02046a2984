import {
  type AdminNotaryActs,
  type AdminNotaryAvailability,
  type AdminNotaryPayouts,
  type AdminNotaryPayoutsQuery,
  type AvailabilityCause,
  feeLineAmount,
  NOTARIAL_ACTS,
  type NotarialAct,
  notaryShareOf,
  type PayoutAct,
  todayInIndia,
} from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import { type ApplicationsService, findApplicationFees } from '../applications/applications.service.ts';
import type { RatingsService } from '../ratings/ratings.service.ts';
import { listAvailabilityEvents } from './availability-history.repository.ts';
import { notaryErrors } from './notaries.errors.ts';
import { findProfile } from './notaries.repository.ts';
import type { RegisterReader, RegisterService } from './register.service.ts';

/** How many of the newest acts and availability changes the page shows (the totals say how many more). */
const RECENT = 20;
/** The longest payout statement, in months; the default is the last 12. */
export const PAYOUT_MAX_MONTHS = 24;

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
const lastDay = (month: string) => {
  const next = monthIndex(month) + 1;
  return new Date(Date.UTC(Math.floor(next / 12), next % 12, 0)).toISOString().slice(0, 10);
};

export type AdminNotaryRecordService = ReturnType<typeof createAdminNotaryRecordService>;

/**
 * The console's notary page beyond the profile (issue 22, compliance): the acts from the applications service, read
 * as the notary would see them; the register from its service; the availability history; and the payout statement
 * — each register entry (a completed act) with the notary's share of the fee its application paid — and the
 * clients' ratings of its sessions.
 */
export function createAdminNotaryRecordService(deps: {
  db: Database;
  applicationsService: ApplicationsService;
  registerService: RegisterService;
  ratingsService: RatingsService;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  /** Only an id that names a notary (any status) has a record; anyone else's is 404 like a missing one. */
  async function requireNotary(notaryId: string) {
    if (!(await findProfile(db, notaryId))) throw notaryErrors.notFound();
  }

  return {
    async acts(notaryId: string): Promise<AdminNotaryActs> {
      await requireNotary(notaryId);
      const page = await deps.applicationsService.list({
        viewer: { userId: notaryId, role: 'notary' },
        page: 1,
        pageSize: RECENT,
      });
      return { items: page.applications, total: page.total };
    },

    async register(options: {
      notaryId: string;
      from?: string;
      to?: string;
      page?: number;
      pageSize?: number;
      reader: RegisterReader;
    }) {
      await requireNotary(options.notaryId);
      return deps.registerService.list(options);
    },

    async availability(notaryId: string): Promise<AdminNotaryAvailability> {
      await requireNotary(notaryId);
      const { total, rows } = await listAvailabilityEvents(db, { notaryId, limit: RECENT });
      return {
        total,
        events: rows.map((row) => ({
          _id: row.id,
          isOnline: row.isOnline,
          workingFrom: row.workingFrom,
          workingTo: row.workingTo,
          cause: row.cause as AvailabilityCause,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    /** The clients' ratings of the notary's completed sessions, newest first, with the average (decision 0065). */
    async ratings(options: { notaryId: string; page?: number; pageSize?: number }) {
      await requireNotary(options.notaryId);
      return deps.ratingsService.listForNotary(options);
    },

    async payouts(
      options: { notaryId: string; reader: RegisterReader } & AdminNotaryPayoutsQuery,
    ): Promise<AdminNotaryPayouts> {
      await requireNotary(options.notaryId);
      const to = options.to ?? todayInIndia(now()).slice(0, 7);
      const from = options.from ?? monthOf(monthIndex(to) - 11);
      const span = monthIndex(to) - monthIndex(from) + 1;
      if (span < 1 || span > PAYOUT_MAX_MONTHS) throw notaryErrors.invalidPeriod(PAYOUT_MAX_MONTHS);

      const entries = await deps.registerService.between({
        notaryId: options.notaryId,
        from: `${from}-01`,
        to: lastDay(to),
        reader: options.reader,
      });
      const ids = [...new Set(entries.flatMap((e) => (e.applicationId ? [e.applicationId] : [])))];
      const fees = new Map((await findApplicationFees(db, ids)).map((row) => [row.id, row]));
      const months = new Map<string, { month: string; totalPaise: number; acts: PayoutAct[] }>();
      // Newest first, by the act's date (then serial: the order it was recorded that day).
      const newestFirst = [...entries].sort(
        (a, b) => b.actDate.localeCompare(a.actDate) || b.serial - a.serial,
      );
      for (const entry of newestFirst) {
        const application = entry.applicationId ? fees.get(entry.applicationId) : undefined;
        // An act recorded without its application's fee (none on Mohar's acts) earns what the register says.
        const fee = application?.fee ?? {
          lines: [{ code: 'notarial_fee', amountPaise: entry.feeChargedPaise }],
        };
        const act: PayoutAct = {
          serial: entry.serial,
          actDate: entry.actDate,
          notarialAct: (NOTARIAL_ACTS as readonly string[]).includes(entry.notarialAct)
            ? (entry.notarialAct as NotarialAct)
            : null,
          applicationId: entry.applicationId,
          title: application?.title ?? entry.documentDescription,
          notarialFeePaise: feeLineAmount(fee, 'notarial_fee'),
          extraSignatoriesPaise: feeLineAmount(fee, 'extra_signatories'),
          earnedPaise: notaryShareOf(fee),
        };
        const month = entry.actDate.slice(0, 7);
        const group = months.get(month) ?? { month, totalPaise: 0, acts: [] };
        group.acts.push(act);
        group.totalPaise += act.earnedPaise;
        months.set(month, group);
      }
      const list = [...months.values()];
      return { from, to, months: list, totalPaise: list.reduce((sum, m) => sum + m.totalPaise, 0) };
    },
  };
}
