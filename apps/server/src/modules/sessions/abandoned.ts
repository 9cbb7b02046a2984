import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Server } from 'socket.io';
import type { Database } from '../../db/client.ts';
import { applicationEvents, applications, sessionEvents } from '../../db/schema.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import { recordSessionEvent } from './call.service.ts';

/**
 * Live sessions nobody is in any more: when no participant has been connected to the call for
 * `SESSION_ABANDON_MINUTES` (counted from the last join or leave, or from the notary's acceptance if nobody ever
 * joined), the session ends as failed, which opens the refund window. Presence is read from the realtime rooms, so it
 * holds across processes.
 */
export async function failAbandonedSessions(deps: {
  db: Database;
  io: Server;
  applicationsService: ApplicationsService;
  minutes: number;
  now?: Date;
}): Promise<number> {
  const now = deps.now ?? new Date();
  const live = await deps.db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.status, 'in_session'));
  let failed = 0;
  for (const { id } of live) {
    const [lastCall] = await deps.db
      .select({ at: sessionEvents.createdAt })
      .from(sessionEvents)
      .where(and(eq(sessionEvents.applicationId, id), inArray(sessionEvents.kind, ['joined', 'left'])))
      .orderBy(desc(sessionEvents.createdAt))
      .limit(1);
    const [accepted] = await deps.db
      .select({ at: applicationEvents.createdAt })
      .from(applicationEvents)
      .where(and(eq(applicationEvents.applicationId, id), eq(applicationEvents.toStatus, 'in_session')))
      .orderBy(desc(applicationEvents.createdAt))
      .limit(1);
    const since = lastCall?.at ?? accepted?.at;
    if (!since || now.getTime() - since.getTime() < deps.minutes * 60_000) continue;
    if ((await deps.io.in(`call:${id}`).fetchSockets()).length > 0) continue;
    const reason = `Nobody was in the session for ${deps.minutes} minutes`;
    try {
      await deps.db.transaction(async (tx) => {
        await deps.applicationsService.transition({
          id,
          to: 'failed',
          actor: { userId: null, role: 'system', ip: null },
          reason,
          tx,
        });
        await recordSessionEvent(tx, {
          applicationId: id,
          kind: 'ended_failed',
          actor: 'system',
          note: reason,
        });
      });
      failed += 1;
    } catch {
      // Moved on meanwhile (another process, or the notary): nothing to do.
    }
  }
  return failed;
}
