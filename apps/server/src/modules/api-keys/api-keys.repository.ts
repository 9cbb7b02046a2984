import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/tables/accounts.ts';
import { apiKeys, idempotentRequests } from '../../db/tables/api-keys.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type IdempotentRow = typeof idempotentRequests.$inferSelect;

export async function insertKey(db: DbOrTx, row: typeof apiKeys.$inferInsert) {
  const [inserted] = await db.insert(apiKeys).values(row).returning();
  if (!inserted) throw new Error('api key not inserted');
  return inserted;
}

const listed = {
  id: apiKeys.id,
  name: apiKeys.name,
  scopes: apiKeys.scopes,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  createdByName: users.name,
};
export type ListedKey = Awaited<ReturnType<typeof listKeys>>[number];

/** The organisation's keys, live ones first, newest first (revoked ones stay listed as history). */
export async function listKeys(db: DbOrTx, organisationId: string) {
  return db
    .select(listed)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.organisationId, organisationId))
    .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt));
}

export async function findListedKey(db: DbOrTx, organisationId: string, id: string) {
  const [row] = await db
    .select(listed)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.organisationId, organisationId), eq(apiKeys.id, id)));
  return row;
}

/** Revokes a live key of the organisation; undefined when there is none (unknown, another's, already revoked). */
export async function revokeKey(db: DbOrTx, options: { organisationId: string; id: string; by: string }) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()`, revokedBy: options.by })
    .where(
      and(
        eq(apiKeys.id, options.id),
        eq(apiKeys.organisationId, options.organisationId),
        isNull(apiKeys.revokedAt),
      ),
    )
    .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix });
  return row;
}

/** A live key by its hash, with the person who made it (the requests act as them). */
export async function findLiveKeyByHash(db: DbOrTx, keyHash: string) {
  const [row] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row;
}

/** At most one write a minute per key. */
export async function touchKey(db: DbOrTx, id: string) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
}

/** The claim of an idempotency key: the inserted row, or undefined when the caller already used it. */
export async function claimIdempotencyKey(
  db: DbOrTx,
  row: { caller: string; idempotencyKey: string; fingerprint: string; createdAt: Date },
) {
  const [inserted] = await db
    .insert(idempotentRequests)
    .values(row)
    .onConflictDoNothing({ target: [idempotentRequests.caller, idempotentRequests.idempotencyKey] })
    .returning({ id: idempotentRequests.id });
  return inserted;
}

export async function findIdempotent(db: DbOrTx, caller: string, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(idempotentRequests)
    .where(and(eq(idempotentRequests.caller, caller), eq(idempotentRequests.idempotencyKey, idempotencyKey)));
  return row;
}

export async function completeIdempotent(
  db: DbOrTx,
  id: string,
  answer: { status: number; type: string | null; body: string },
) {
  await db
    .update(idempotentRequests)
    .set({
      responseStatus: answer.status,
      responseType: answer.type,
      responseBody: answer.body,
      completedAt: sql`now()`,
    })
    .where(eq(idempotentRequests.id, id));
}

/**
 * Takes over a claim whose request never answered (its process died) once it is older than `before`: one guarded
 * UPDATE, so of two retries only one takes it.
 */
export async function takeOverStale(db: DbOrTx, id: string, before: Date, at: Date) {
  const [row] = await db
    .update(idempotentRequests)
    .set({ createdAt: at })
    .where(
      and(
        eq(idempotentRequests.id, id),
        isNull(idempotentRequests.completedAt),
        lt(idempotentRequests.createdAt, before),
      ),
    )
    .returning({ id: idempotentRequests.id });
  return row;
}

export async function deleteIdempotent(db: DbOrTx, id: string) {
  await db.delete(idempotentRequests).where(eq(idempotentRequests.id, id));
}

/** Rows older than `before`: of one caller (on their next claim) or all (the daily job). */
export async function purgeIdempotent(db: DbOrTx, before: Date, caller?: string) {
  const old = lt(idempotentRequests.createdAt, before);
  await db.delete(idempotentRequests).where(caller ? and(old, eq(idempotentRequests.caller, caller)) : old);
}
