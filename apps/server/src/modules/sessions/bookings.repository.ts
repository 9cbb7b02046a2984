import { and, asc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { applications, bookedSessions, bookingReminders } from '../../db/schema.ts';

export type BookingRow = typeof bookedSessions.$inferSelect;

/** PostgreSQL's unique_violation: the slot (or the application's one live booking) is already taken. */
export const isUniqueViolation = (error: unknown): boolean => {
  let current: unknown = error;
  for (let i = 0; i < 3 && typeof current === 'object' && current !== null; i += 1) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * Inserts a booking, or returns null when the database refused it because the notary's slot or the application's
 * one live booking is taken (the unique keys decide, so two concurrent bookings cannot both win). A savepoint keeps
 * the caller's transaction usable after a refusal, so it can try another notary.
 */
export async function insertBooking(
  tx: DbOrTx,
  row: { applicationId: string; notaryId: string; startsAt: Date; endsAt: Date; bookedBy: string },
): Promise<BookingRow | null> {
  try {
    return await tx.transaction(async (inner) => {
      const [created] = await inner.insert(bookedSessions).values(row).returning();
      return created ?? null;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export async function findLiveBookingOfApplication(db: DbOrTx, applicationId: string) {
  const [row] = await db
    .select()
    .from(bookedSessions)
    .where(and(eq(bookedSessions.applicationId, applicationId), eq(bookedSessions.status, 'booked')))
    .limit(1);
  return row;
}

/** Moves a live booking to another slot of the same notary; null when that slot is taken. */
export async function moveBooking(
  tx: DbOrTx,
  options: { id: string; startsAt: Date; endsAt: Date },
): Promise<BookingRow | null> {
  try {
    return await tx.transaction(async (inner) => {
      const [row] = await inner
        .update(bookedSessions)
        .set({
          startsAt: options.startsAt,
          endsAt: options.endsAt,
          sequence: sql`${bookedSessions.sequence} + 1`,
        })
        .where(and(eq(bookedSessions.id, options.id), eq(bookedSessions.status, 'booked')))
        .returning();
      await inner.delete(bookingReminders).where(eq(bookingReminders.bookingId, options.id));
      return row ?? null;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** booked → cancelled | started | no_show, only from booked (a second request changes nothing). */
export async function endBooking(
  db: DbOrTx,
  options: { id: string; status: 'cancelled' | 'started' | 'no_show'; at: Date },
): Promise<BookingRow | undefined> {
  const column = { cancelled: 'cancelledAt', started: 'startedAt', no_show: 'noShowAt' } as const;
  const [row] = await db
    .update(bookedSessions)
    .set({
      status: options.status,
      [column[options.status]]: options.at,
      sequence: sql`${bookedSessions.sequence} + 1`,
    })
    .where(and(eq(bookedSessions.id, options.id), eq(bookedSessions.status, 'booked')))
    .returning();
  return row;
}

/** Booked or started sessions of these notaries starting in [from, to): the taken slots. */
export function liveBookingsBetween(
  db: DbOrTx,
  options: { notaryIds: readonly string[]; from: Date; to: Date },
) {
  if (options.notaryIds.length === 0) return Promise.resolve([] as BookingRow[]);
  return db
    .select()
    .from(bookedSessions)
    .where(
      and(
        inArray(bookedSessions.status, ['booked', 'started']),
        inArray(bookedSessions.notaryId, [...options.notaryIds]),
        gte(bookedSessions.startsAt, options.from),
        lt(bookedSessions.startsAt, options.to),
      ),
    );
}

/** A notary's bookings of a day (any status but cancelled), with the application's title, in time order. */
export function notaryDay(db: DbOrTx, options: { notaryId: string; from: Date; to: Date }) {
  return db
    .select({ booking: bookedSessions, title: applications.title, applicationStatus: applications.status })
    .from(bookedSessions)
    .innerJoin(applications, eq(applications.id, bookedSessions.applicationId))
    .where(
      and(
        eq(bookedSessions.notaryId, options.notaryId),
        sql`${bookedSessions.status} <> 'cancelled'`,
        gte(bookedSessions.startsAt, options.from),
        lt(bookedSessions.startsAt, options.to),
      ),
    )
    .orderBy(asc(bookedSessions.startsAt));
}

/** Live bookings starting within `withinMs` from now (and not yet started): those a reminder may be due for. */
export function liveBookingsStartingBy(db: DbOrTx, options: { now: Date; by: Date }) {
  return db
    .select()
    .from(bookedSessions)
    .where(
      and(
        eq(bookedSessions.status, 'booked'),
        sql`${bookedSessions.startsAt} > ${options.now}`,
        lte(bookedSessions.startsAt, options.by),
      ),
    );
}

/** Records a reminder step; false when it was already recorded (another process, a retry): then nothing is sent. */
export async function insertReminder(
  db: DbOrTx,
  options: { bookingId: string; minutesBefore: number; sentAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(bookingReminders)
    .values(options)
    .onConflictDoNothing()
    .returning({ bookingId: bookingReminders.bookingId });
  return rows.length > 0;
}

/** Live bookings whose start passed `before` without Start Notarization: no-shows to record. */
export function unstartedBookingsBefore(db: DbOrTx, before: Date) {
  return db
    .select({ id: bookedSessions.id })
    .from(bookedSessions)
    .where(and(eq(bookedSessions.status, 'booked'), lt(bookedSessions.startsAt, before)));
}
