import {
  CALL_EVENTS,
  type CallChatEntry,
  type CallMediaState,
  type CallSignedMessage,
  callSealStageMessage,
  callSignedMessage,
  type SealStage,
} from '@mohar/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { z } from 'zod/mini';
import { reportError } from '@/lib/log';
import { openRealtime } from '@/lib/realtime';
import { abandonCall, type StartedCall, startCall } from '../lib/call-start';
import type { CallMesh, MeshSnapshot } from '../lib/mesh';

/** Chat kept on screen; older messages stay in the session record on the server. */
const CHAT_KEEP = 200;

/** `call:ended`'s status, taken at once so every screen shows the end without reading the session again first. */
const endedMessage = z.object({ status: z.string() });
const END_STATES: ReadonlySet<string> = new Set(['notarised']);

const IDLE: MeshSnapshot = { status: 'idle', self: null, peers: [], error: null, endedReason: null };

export type CallRoom = {
  snapshot: MeshSnapshot;
  chat: CallChatEntry[];
  media: CallMediaState;
  setMedia: (media: CallMediaState) => void;
  sendChat: (text: string) => void;
  /** The notary only: the participant leaves the call and cannot come back. */
  remove: (participant: string) => void;
  replaceStream: (stream: MediaStream) => Promise<void>;
  leave: () => void;
  /** The document page the notary shows (1-based), as last told. */
  leaderPage: number | null;
  /** The notary only: tell the others which page to follow. */
  sendPage: (page: number) => void;
  /** Where sealing stands, as the server last told the call (null before it began). */
  sealStage: SealStage | null;
  /** The notary only: sealing begins (their recorder finishes the file); the call hears of it. */
  announceSealing: () => void;
};

/**
 * The call once the pre-join check handed over a stream: takes the call "Join now" started (or, after a reload,
 * opens the realtime channel with the session cookie or the signatory's link token and joins through the mesh),
 * and listens for what the server tells the call (chat, the
 * recording, identity decisions, the end). `onSessionChanged` asks the page to reload the session view.
 */
export function useCallRoom(options: {
  applicationId: string;
  portalToken?: string;
  localStream: MediaStream | null;
  initialMedia: CallMediaState;
  /** The call as "Join now" started it (lib/call-start.ts); taken once, a later run starts its own. */
  call?: Promise<StartedCall> | null;
  onSessionChanged: () => void;
  /** A signature was applied: what the server sent for every screen to show it at once. */
  onSigned?: (message: CallSignedMessage) => void;
  /** The session ended as `status` (the page still reads the session again through `onSessionChanged`). */
  onEnded?: (status: string) => void;
}): CallRoom {
  const { applicationId, portalToken, localStream } = options;
  const [snapshot, setSnapshot] = useState<MeshSnapshot>(IDLE);
  const [chat, setChat] = useState<CallChatEntry[]>([]);
  const [media, setMediaState] = useState<CallMediaState>(options.initialMedia);
  const [leaderPage, setLeaderPage] = useState<number | null>(null);
  const [sealStage, setSealStage] = useState<SealStage | null>(null);
  const meshRef = useRef<CallMesh | null>(null);
  const socketRef = useRef<Socket | null>(null);
  const changed = useRef(options.onSessionChanged);
  changed.current = options.onSessionChanged;
  const signed = useRef(options.onSigned);
  signed.current = options.onSigned;
  const ended = useRef(options.onEnded);
  ended.current = options.onEnded;
  const initialMedia = useRef(options.initialMedia);
  const earlyCall = useRef(options.call ?? null);

  useEffect(() => {
    if (!localStream) return;
    let isCancelled = false;
    let started: StartedCall | null = null;
    const refresh = () => changed.current();
    // The screen's own listeners, by event: attached to the channel, and given what it heard before they were.
    const handlers: Record<string, (message: unknown) => void> = {
      [CALL_EVENTS.recording]: refresh,
      [CALL_EVENTS.identity]: refresh,
      [CALL_EVENTS.ended]: (message) => {
        const parsed = endedMessage.safeParse(message);
        if (parsed.success && END_STATES.has(parsed.data.status)) ended.current?.(parsed.data.status);
        refresh();
      },
      [CALL_EVENTS.signed]: (message) => {
        const parsed = callSignedMessage.safeParse(message);
        if (parsed.success && signed.current) signed.current(parsed.data);
        else refresh();
      },
      [CALL_EVENTS.chat]: (message) => {
        const entry = message as CallChatEntry;
        setChat((list) => [...list, entry].slice(-CHAT_KEEP));
      },
      [CALL_EVENTS.page]: (message) => {
        const page = (message as { page?: unknown } | null)?.page;
        if (typeof page === 'number') setLeaderPage(page);
      },
      [CALL_EVENTS.sealStage]: (message) => {
        const parsed = callSealStageMessage.safeParse(message);
        if (parsed.success) setSealStage(parsed.data.stage);
      },
    };
    // Taken once: a run after a cleanup (which left and disconnected it) starts a call of its own.
    const starting =
      earlyCall.current ??
      startCall(openRealtime({ portalToken }), {
        applicationId,
        localStream,
        media: initialMedia.current,
      });
    earlyCall.current = null;
    void starting.then(
      (call) => {
        if (isCancelled) {
          abandonCall(starting);
          return;
        }
        started = call;
        const { socket, mesh } = call;
        socketRef.current = socket;
        meshRef.current = mesh;
        for (const [event, handler] of Object.entries(handlers)) socket.on(event, handler);
        for (const [event, args] of call.takeEarlyEvents()) handlers[event]?.(args[0]);
        mesh.subscribe((next) => {
          setSnapshot(next);
          if (next.status === 'ended' || next.status === 'removed') refresh();
        });
      },
      (error: unknown) => reportError('call: realtime', error),
    );
    return () => {
      isCancelled = true;
      started?.mesh.leave();
      started?.socket.disconnect();
      meshRef.current = null;
      socketRef.current = null;
    };
  }, [applicationId, portalToken, localStream]);

  const setMedia = useCallback((next: CallMediaState) => {
    setMediaState(next);
    meshRef.current?.setMedia(next);
  }, []);

  return {
    snapshot,
    chat,
    media,
    setMedia,
    sendChat: useCallback((text: string) => {
      socketRef.current?.emit(CALL_EVENTS.chat, { text });
    }, []),
    remove: useCallback((participant: string) => {
      socketRef.current?.emit(CALL_EVENTS.remove, { participant });
    }, []),
    replaceStream: useCallback(async (stream: MediaStream) => {
      await meshRef.current?.replaceLocalStream(stream);
    }, []),
    leave: useCallback(() => meshRef.current?.leave(), []),
    leaderPage,
    sendPage: useCallback((page: number) => {
      socketRef.current?.emit(CALL_EVENTS.page, { page });
    }, []),
    sealStage,
    announceSealing: useCallback(() => {
      setSealStage('recording');
      socketRef.current?.emit(CALL_EVENTS.sealStage, { stage: 'recording' });
    }, []),
  };
}
