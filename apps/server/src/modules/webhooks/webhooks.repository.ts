import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/tables/webhooks.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

export async function insertEndpoint(db: DbOrTx, row: typeof webhookEndpoints.$inferInsert) {
  const [inserted] = await db.insert(webhookEndpoints).values(row).returning();
  if (!inserted) throw new Error('webhook endpoint not inserted');
  return inserted;
}

export const listEndpoints = (db: DbOrTx, organisationId: string) =>
  db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organisationId, organisationId))
    .orderBy(asc(webhookEndpoints.createdAt));

export async function countEndpoints(db: DbOrTx, organisationId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organisationId, organisationId));
  return row?.n ?? 0;
}

/** One endpoint of the organisation; another organisation's is not found. */
export async function findEndpoint(db: DbOrTx, organisationId: string, endpointId: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.organisationId, organisationId)));
  return row;
}

export async function updateSecrets(
  db: DbOrTx,
  endpointId: string,
  secrets: Pick<EndpointRow, 'secret' | 'previousSecret' | 'previousSecretUntil'>,
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set(secrets)
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  return row;
}

export async function deleteEndpoint(db: DbOrTx, organisationId: string, endpointId: string) {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.organisationId, organisationId)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}

/** The latest delivery of each endpoint (the list's "last delivery" column). */
export async function lastDeliveries(db: DbOrTx, endpointIds: string[]) {
  if (endpointIds.length === 0) return [];
  return db
    .selectDistinctOn([webhookDeliveries.endpointId])
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.endpointId, endpointIds))
    .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.createdAt));
}

/** The outbox row and one delivery per subscribed endpoint, in the caller's transaction. */
export async function insertEvent(
  db: DbOrTx,
  event: { organisationId: string; type: string; data: Record<string, unknown> },
  now: Date,
) {
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.organisationId, event.organisationId),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([event.type])}::jsonb`,
      ),
    );
  // Nobody listens: nothing to keep.
  if (endpoints.length === 0) return null;
  const [inserted] = await db.insert(webhookEvents).values(event).returning();
  if (!inserted) throw new Error('webhook event not inserted');
  await db
    .insert(webhookDeliveries)
    .values(endpoints.map((e) => ({ eventId: inserted.id, endpointId: e.id, nextAttemptAt: now })));
  return inserted;
}

/**
 * Claims due deliveries for one attempt each: `next_attempt_at` moves past the attempt's longest run (the lease),
 * so another process (or a second job run) skips them; a process that dies mid-attempt leaves the lease to expire
 * and the delivery is tried again. `onlyId`: the one delivery a retry job names.
 */
export async function claimDue(
  db: DbOrTx,
  options: { now: Date; leaseUntil: Date; limit: number; onlyId?: string },
) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, options.now),
          options.onlyId ? eq(webhookDeliveries.id, options.onlyId) : undefined,
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(options.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: options.leaseUntil, attemptCount: sql`${webhookDeliveries.attemptCount} + 1` })
      .where(
        inArray(
          webhookDeliveries.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    const events = await tx
      .select()
      .from(webhookEvents)
      .where(
        inArray(
          webhookEvents.id,
          claimed.map((d) => d.eventId),
        ),
      );
    const endpoints = await tx
      .select()
      .from(webhookEndpoints)
      .where(
        inArray(
          webhookEndpoints.id,
          claimed.map((d) => d.endpointId),
        ),
      );
    return claimed.flatMap((delivery) => {
      const event = events.find((e) => e.id === delivery.eventId);
      const endpoint = endpoints.find((e) => e.id === delivery.endpointId);
      return event && endpoint ? [{ delivery, event, endpoint }] : [];
    });
  });
}

/** An attempt's outcome and the delivery's next state, together. */
export async function recordAttempt(
  db: DbOrTx,
  options: {
    delivery: DeliveryRow;
    attempt: Omit<typeof webhookAttempts.$inferInsert, 'deliveryId' | 'attempt'>;
    next:
      | { status: 'succeeded' | 'failed'; failuresInRow: number }
      | { status: 'pending'; failuresInRow: number; nextAttemptAt: Date };
    at: Date;
  },
) {
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      ...options.attempt,
      deliveryId: options.delivery.id,
      attempt: options.delivery.attemptCount,
    });
    await tx
      .update(webhookDeliveries)
      .set({
        status: options.next.status,
        failuresInRow: options.next.failuresInRow,
        lastStatusCode: options.attempt.statusCode ?? null,
        lastAttemptAt: options.at,
        ...(options.next.status === 'pending' ? { nextAttemptAt: options.next.nextAttemptAt } : {}),
      })
      .where(eq(webhookDeliveries.id, options.delivery.id));
  });
}

/** The endpoint's latest deliveries (or the one named), each with its attempts. */
export async function listDeliveries(db: DbOrTx, endpointId: string, limit: number, deliveryId?: string) {
  const rows = await db
    .select({ delivery: webhookDeliveries, type: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        deliveryId ? eq(webhookDeliveries.id, deliveryId) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
  const attempts = rows.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            rows.map((r) => r.delivery.id),
          ),
        )
        .orderBy(asc(webhookAttempts.attempt))
    : [];
  return rows.map((r) => ({ ...r, attempts: attempts.filter((a) => a.deliveryId === r.delivery.id) }));
}

/** Redelivery from the console: back to pending, due now, with a fresh run of attempts. */
export async function requeue(db: DbOrTx, endpointId: string, deliveryId: string, now: Date) {
  const of = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId));
  // One still pending is already on its way (perhaps mid-attempt): left as it is, never sent twice at once.
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', failuresInRow: 0, nextAttemptAt: now })
    .where(and(of, sql`${webhookDeliveries.status} <> 'pending'`))
    .returning();
  if (row) return row;
  const [pending] = await db.select().from(webhookDeliveries).where(of);
  return pending;
}

export async function findDelivery(db: DbOrTx, endpointId: string, deliveryId: string) {
  const [found] = await listDeliveries(db, endpointId, 1, deliveryId);
  return found;
}

/** Every endpoint's sealed secrets (key rotation). */
export const listSealedSecrets = (db: DbOrTx) =>
  db
    .select({
      id: webhookEndpoints.id,
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
    })
    .from(webhookEndpoints);

/** Swaps one sealed value, only if it is still the one read (a concurrent rotation of the secret wins). */
export async function replaceSealedSecret(
  db: DbOrTx,
  options: { id: string; column: 'secret' | 'previousSecret'; from: string; to: string },
) {
  await db
    .update(webhookEndpoints)
    .set({ [options.column]: options.to })
    .where(and(eq(webhookEndpoints.id, options.id), eq(webhookEndpoints[options.column], options.from)));
}
