import type { Server } from 'socket.io';
import type { Database } from '../../db/client.ts';
import {
  type ApplicationsService,
  findApplicationIdsInStatus,
  findLatestEventInto,
} from '../applications/applications.service.ts';
import { findLatestEvent } from './call.repository.ts';
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
  const live = await findApplicationIdsInStatus(deps.db, 'in_session');
  let failed = 0;
  for (const id of live) {
    const lastCall = await findLatestEvent(deps.db, { applicationId: id, kinds: ['joined', 'left'] });
    const accepted = await findLatestEventInto(deps.db, { applicationId: id, status: 'in_session' });
    const since = lastCall?.at ?? accepted?.createdAt;
    if (!since || now.getTime() - since.getTime() < deps.minutes * 60_000) continue;
    if ((await deps.io.in(`call:${id}`).fetchSockets()).length > 0) continue;
    const reason = `Nobody was in the session for ${deps.minutes} minutes`;
    try {
      await deps.db.transaction(async (tx) => {
        await deps.applicationsService.transition({
          id,
          to: 'failed',
          actor: { userId: null, role: 'system', ip: null },
          serverReason: { code: 'abandoned', params: { minutes: String(deps.minutes) } },
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
