import {
  CALL_EVENTS,
  CALL_RECORDER_PARTICIPANT,
  type CallChatEntry,
  type CallJoinAck,
  type CallMediaState,
  callChatMessage,
  callJoinRequest,
  callMediaState,
  callPageMessage,
  callRemoveRequest,
  callSignal,
  notarySealStageMessage,
  SESSION_ERROR_CODES,
  type SealStage,
} from '@mohar/contracts';
import type { Server, Socket } from 'socket.io';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../platform/ids.ts';
import type { SocketIdentity } from '../../platform/realtime.ts';
import { hasJoined } from './call.repository.ts';
import { recordSessionEvent } from './call.service.ts';
import { iceServersFor } from './ice-servers.ts';
import { removedSignatories, sessionPeople } from './participants.ts';
import type { SealProgress } from './seal-progress.ts';

const MAX_SIGNAL_BYTES = 64 * 1024;
const callRoom = (applicationId: string) => `call:${applicationId}`;
const CALL_ROOM = /^call:[^:]+$/;

/** Calls with at least one participant connected to this process (the adapter's rooms are this process's own). */
export function countLiveCalls(io: Server): number {
  let count = 0;
  for (const room of io.of('/').adapter.rooms.keys()) if (CALL_ROOM.test(room)) count += 1;
  return count;
}
const participantRoom = (applicationId: string, participant: string) =>
  `call:${applicationId}:${participant}`;

const participantOf = (identity: SocketIdentity) =>
  identity.kind === 'user' ? `user:${identity.userId}` : `signatory:${identity.signatoryId}`;

/** Server → call messages from the HTTP side (identity decisions, recording state, the end). */
export type CallChannel = ReturnType<typeof createCallChannel>;
const ACT_EVENTS: ReadonlySet<string> = new Set([CALL_EVENTS.identity, CALL_EVENTS.signed]);

/** `onActChange`: an identity decision or a signature (views outside the call show each person's row from these). */
export function createCallChannel(
  io: Server,
  options: { onActChange?: (applicationId: string) => void; sealProgress?: SealProgress } = {},
) {
  return {
    toCall(applicationId: string, event: string, payload: unknown) {
      io.to(callRoom(applicationId)).emit(event, payload);
      if (event === CALL_EVENTS.sealStage)
        options.sealProgress?.note(applicationId, (payload as { stage: SealStage }).stage);
      if (ACT_EVENTS.has(event)) options.onActChange?.(applicationId);
    },
  };
}

/**
 * Who may join an application's call, and under which name: its assigned notary and its own signatories (unless the
 * notary removed them), while the session is live. Anyone else (the owner who is not a signatory, another
 * application's signatory, a notary it did not reach) is refused exactly as if the call did not exist.
 */
async function admission(db: Database, identity: SocketIdentity, applicationId: string) {
  if (!isUuid(applicationId)) return null;
  if (identity.kind === 'signatory' && identity.applicationId !== applicationId) return null;
  const people = await sessionPeople(db, applicationId);
  if (people?.application.status !== 'in_session') return null;
  if (identity.kind === 'user') {
    const isNotary = people.application.assignedNotaryId === identity.userId;
    return isNotary ? { name: people.notary?.fullName ?? 'Notary', isNotary: true } : null;
  }
  const signatory = people.signatories.find((s) => s.id === identity.signatoryId);
  if (!signatory || (await removedSignatories(db, applicationId)).has(signatory.id)) return null;
  return { name: signatory.fullName, isNotary: false };
}

/** The server recorder (issue 24), as signalling sees it: a participant nobody else sees. */
export type CallRecorder = {
  signal(options: {
    applicationId: string;
    participant: string;
    data: unknown;
    reply: (data: unknown) => void;
  }): Promise<void>;
  participantJoined(applicationId: string, participant: string): void;
  participantLeft(
    applicationId: string,
    participant: string,
    options?: { expectedBack?: boolean },
  ): Promise<void>;
};

/**
 * Call signalling on the realtime channel: join (authorised per session), relay to one participant, media state,
 * chat, the notary removing a participant, leave.
 */
export function registerSignalling(deps: {
  io: Server;
  db: Database;
  ice: AppConfig['ice'];
  sealProgress?: SealProgress;
  recorder?: CallRecorder;
}) {
  const { io, db } = deps;
  io.on('connection', (socket: Socket) => {
    const identity = socket.data.identity as SocketIdentity;
    const self = participantOf(identity);
    let call: { applicationId: string; name: string; isNotary: boolean } | null = null;

    // Removed by the notary: the rooms were left for this socket, so it no longer speaks in the call.
    const active = () => (call && socket.rooms.has(callRoom(call.applicationId)) ? call : null);

    const leave = () => {
      if (!call) return;
      const { applicationId, isNotary } = call;
      socket.data.call = null;
      call = null;
      void (async () => {
        await socket.leave(callRoom(applicationId));
        await socket.leave(participantRoom(applicationId, self));
        // A reloaded page's new socket may already be in the call when the old one times out: then nobody left.
        if ((await io.in(participantRoom(applicationId, self)).fetchSockets()).length > 0) return;
        // The take ends in the background: the others hear of the leave without waiting for its last part. The act
        // cannot go on without the notary: their leave is a gap until they are back (decision 0086).
        void deps.recorder?.participantLeft(applicationId, self, { expectedBack: isNotary }).catch(() => {});
        socket.to(callRoom(applicationId)).emit(CALL_EVENTS.peerLeft, { participant: self });
        await recordSessionEvent(db, { applicationId, kind: 'left', actor: self });
      })().catch(() => {});
    };

    socket.on(CALL_EVENTS.join, async (payload: unknown, ack?: (answer: CallJoinAck) => void) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      const parsed = callJoinRequest.safeParse(payload);
      const applicationId = parsed.success ? parsed.data.applicationId : '';
      const admitted = parsed.success ? await admission(db, identity, applicationId) : null;
      if (!admitted) {
        reply({
          ok: false,
          code: SESSION_ERROR_CODES.callNotFound,
          message: 'There is no live session for you here.',
        });
        return;
      }
      if (call && call.applicationId !== applicationId) leave();
      call = { applicationId, ...admitted };
      socket.data.call = applicationId;
      socket.data.media ??= { audio: true, video: true };
      const others = (await io.in(callRoom(applicationId)).fetchSockets()).filter(
        (peer) => participantOf(peer.data.identity as SocketIdentity) !== self,
      );
      const media: Record<string, CallMediaState> = {};
      const page = others.map((peer) => peer.data.page as number | undefined).find((p) => p !== undefined);
      for (const peer of others)
        media[participantOf(peer.data.identity as SocketIdentity)] = peer.data.media ?? {
          audio: true,
          video: true,
        };
      await socket.join([callRoom(applicationId), participantRoom(applicationId, self)]);
      socket.to(callRoom(applicationId)).emit(CALL_EVENTS.peerJoined, { participant: self });
      // The answer first: someone coming back after a reload waits for it, and the event below is only the record.
      reply({
        ok: true,
        self,
        peers: Object.keys(media),
        media,
        page: page ?? null,
        iceServers: iceServersFor(deps.ice, self),
      });
      // From now this person's media is expected at the recorder (none for RECORDER_GAP_MS is a gap).
      deps.recorder?.participantJoined(applicationId, self);
      const sealing = await deps.sealProgress?.of(applicationId);
      if (sealing) socket.emit(CALL_EVENTS.sealStage, { stage: sealing });
      const kind = (await hasJoined(db, { applicationId, participant: self })) ? 'reconnected' : 'joined';
      await recordSessionEvent(db, { applicationId, kind, actor: self, ip: socket.handshake.address }).catch(
        () => {},
      );
    });

    socket.on(CALL_EVENTS.signal, (payload: unknown) => {
      const call = active();
      if (!call) return;
      const parsed = callSignal.safeParse(payload);
      if (!parsed.success || JSON.stringify(parsed.data.data ?? null).length > MAX_SIGNAL_BYTES) return;
      if (parsed.data.to === CALL_RECORDER_PARTICIPANT) {
        const room = participantRoom(call.applicationId, self);
        void deps.recorder?.signal({
          applicationId: call.applicationId,
          participant: self,
          data: parsed.data.data,
          reply: (data) => io.to(room).emit(CALL_EVENTS.signal, { from: CALL_RECORDER_PARTICIPANT, data }),
        });
        return;
      }
      socket
        .to(participantRoom(call.applicationId, parsed.data.to))
        .emit(CALL_EVENTS.signal, { from: self, data: parsed.data.data });
    });

    socket.on(CALL_EVENTS.media, (payload: unknown) => {
      const parsed = callMediaState.safeParse(payload);
      const call = active();
      if (!call || !parsed.success) return;
      socket.data.media = parsed.data;
      socket.to(callRoom(call.applicationId)).emit(CALL_EVENTS.media, { participant: self, ...parsed.data });
    });

    socket.on(CALL_EVENTS.chat, (payload: unknown) => {
      const parsed = callChatMessage.safeParse(payload);
      const call = active();
      if (!call || !parsed.success) return;
      const entry: CallChatEntry = {
        participant: self,
        name: call.name,
        text: parsed.data.text,
        at: new Date().toISOString(),
      };
      // The chat is part of the session's record.
      void recordSessionEvent(db, {
        applicationId: call.applicationId,
        kind: 'chat',
        actor: self,
        note: entry.text,
      }).catch(() => {});
      io.to(callRoom(call.applicationId)).emit(CALL_EVENTS.chat, entry);
    });

    socket.on(CALL_EVENTS.remove, async (payload: unknown) => {
      const parsed = callRemoveRequest.safeParse(payload);
      const call = active();
      if (!call?.isNotary || !parsed.success) return;
      const signatoryId = parsed.data.participant.replace(/^signatory:/, '');
      const people = await sessionPeople(db, call.applicationId);
      if (!isUuid(signatoryId) || !people?.signatories.some((s) => s.id === signatoryId)) return;
      await recordSessionEvent(db, {
        applicationId: call.applicationId,
        kind: 'removed',
        actor: self,
        signatoryId,
        ip: socket.handshake.address,
      });
      const target = participantRoom(call.applicationId, parsed.data.participant);
      io.to(target).emit(CALL_EVENTS.removed, {});
      io.in(target).socketsLeave([callRoom(call.applicationId), target]);
      void deps.recorder?.participantLeft(call.applicationId, parsed.data.participant).catch(() => {});
      io.to(callRoom(call.applicationId)).emit(CALL_EVENTS.peerLeft, {
        participant: parsed.data.participant,
      });
    });

    // The page the notary shows; the others follow when they choose to. Kept on the socket for newcomers' joins.
    socket.on(CALL_EVENTS.page, (payload: unknown) => {
      const parsed = callPageMessage.safeParse(payload);
      const call = active();
      if (!call?.isNotary || !parsed.success) return;
      socket.data.page = parsed.data.page;
      socket.to(callRoom(call.applicationId)).emit(CALL_EVENTS.page, parsed.data);
    });

    // The notary pressed Seal (the server then finishes the recording): everyone hears of it at once.
    socket.on(CALL_EVENTS.sealStage, (payload: unknown) => {
      const parsed = notarySealStageMessage.safeParse(payload);
      const call = active();
      if (!call?.isNotary || !parsed.success) return;
      io.to(callRoom(call.applicationId)).emit(CALL_EVENTS.sealStage, parsed.data);
      deps.sealProgress?.note(call.applicationId, parsed.data.stage);
    });

    socket.on(CALL_EVENTS.leave, leave);
    socket.on('disconnect', leave);
  });
}
