import { CALL_EVENTS, type CallJoinAck, callJoinRequest, callSignal } from '@mohar/contracts';
import { and, eq } from 'drizzle-orm';
import type { Server, Socket } from 'socket.io';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { applicationSignatories, applications } from '../../db/schema.ts';
import { isUuid } from '../../platform/ids.ts';
import type { SocketIdentity } from '../../platform/realtime.ts';
import { recordSessionEvent } from './call.service.ts';
import { iceServersFor } from './ice-servers.ts';

const MAX_SIGNAL_BYTES = 64 * 1024;
const callRoom = (applicationId: string) => `call:${applicationId}`;
const participantRoom = (applicationId: string, participant: string) =>
  `call:${applicationId}:${participant}`;

const participantOf = (identity: SocketIdentity) =>
  identity.kind === 'user' ? `user:${identity.userId}` : `signatory:${identity.signatoryId}`;

/**
 * Who may join an application's call: its assigned notary and its own signatories, while the session is live.
 * Anyone else (the owner who is not a signatory, another application's signatory, a notary it did not reach) is
 * refused exactly as if the call did not exist.
 */
async function mayJoin(db: Database, identity: SocketIdentity, applicationId: string): Promise<boolean> {
  if (!isUuid(applicationId)) return false;
  const [row] = await db
    .select({ status: applications.status, assignedNotaryId: applications.assignedNotaryId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (row?.status !== 'in_session') return false;
  if (identity.kind === 'user') return row.assignedNotaryId === identity.userId;
  if (identity.applicationId !== applicationId) return false;
  const [signatory] = await db
    .select({ id: applicationSignatories.id })
    .from(applicationSignatories)
    .where(
      and(
        eq(applicationSignatories.id, identity.signatoryId),
        eq(applicationSignatories.applicationId, applicationId),
      ),
    );
  return Boolean(signatory);
}

/** Call signalling on the realtime channel: join (authorised per session), relay to one participant, leave. */
export function registerSignalling(deps: { io: Server; db: Database; ice: AppConfig['ice'] }) {
  deps.io.on('connection', (socket: Socket) => {
    const identity = socket.data.identity as SocketIdentity;
    const self = participantOf(identity);
    let call: string | null = null;

    const leave = () => {
      if (!call) return;
      void recordSessionEvent(deps.db, { applicationId: call, kind: 'left', actor: self }).catch(() => {});
      socket.to(callRoom(call)).emit(CALL_EVENTS.peerLeft, { participant: self });
      void socket.leave(callRoom(call));
      void socket.leave(participantRoom(call, self));
      call = null;
    };

    socket.on(CALL_EVENTS.join, async (payload: unknown, ack?: (answer: CallJoinAck) => void) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      const parsed = callJoinRequest.safeParse(payload);
      const applicationId = parsed.success ? parsed.data.applicationId : '';
      if (!parsed.success || !(await mayJoin(deps.db, identity, applicationId))) {
        reply({ ok: false, code: 'sessions.not_found', message: 'There is no live session for you here.' });
        return;
      }
      if (call && call !== applicationId) leave();
      call = applicationId;
      const peers = (await deps.io.in(callRoom(applicationId)).fetchSockets())
        .map((peer) => participantOf(peer.data.identity as SocketIdentity))
        .filter((participant) => participant !== self);
      await socket.join([callRoom(applicationId), participantRoom(applicationId, self)]);
      socket.to(callRoom(applicationId)).emit(CALL_EVENTS.peerJoined, { participant: self });
      await recordSessionEvent(deps.db, {
        applicationId,
        kind: 'joined',
        actor: self,
        ip: socket.handshake.address,
      }).catch(() => {});
      reply({ ok: true, self, peers: [...new Set(peers)], iceServers: iceServersFor(deps.ice, self) });
    });

    socket.on(CALL_EVENTS.signal, (payload: unknown) => {
      if (!call) return;
      const parsed = callSignal.safeParse(payload);
      if (!parsed.success || JSON.stringify(parsed.data.data ?? null).length > MAX_SIGNAL_BYTES) return;
      socket
        .to(participantRoom(call, parsed.data.to))
        .emit(CALL_EVENTS.signal, { from: self, data: parsed.data.data });
    });

    socket.on(CALL_EVENTS.leave, leave);
    socket.on('disconnect', leave);
  });
}
