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
import { CallMesh, type MeshSnapshot } from '../lib/mesh';

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
 * The call once the pre-join check handed over a stream: opens the realtime channel (the session cookie, or the
 * signatory's link token), joins through the mesh, and listens for what the server tells the call (chat, the
 * recording, identity decisions, the end). `onSessionChanged` asks the page to reload the session view.
 */
export function useCallRoom(options: {
  applicationId: string;
  portalToken?: string;
  localStream: MediaStream | null;
  initialMedia: CallMediaState;
  /** A channel already opening (the pre-join check opened it); used once, a later run opens its own. */
  socket?: Promise<Socket> | null;
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
  const earlySocket = useRef(options.socket ?? null);

  useEffect(() => {
    if (!localStream) return;
    let isCancelled = false;
    let mesh: CallMesh | null = null;
    let socket: Socket | null = null;
    const refresh = () => changed.current();
    const onChat = (entry: CallChatEntry) => setChat((list) => [...list, entry].slice(-CHAT_KEEP));
    // Taken once: a run after a cleanup (which disconnected it) opens a channel of its own.
    const opening = earlySocket.current ?? openRealtime({ portalToken });
    earlySocket.current = null;
    void opening.then(
      (opened) => {
        if (isCancelled) {
          opened.disconnect();
          return;
        }
        socket = opened;
        socketRef.current = opened;
        for (const event of [CALL_EVENTS.recording, CALL_EVENTS.identity]) opened.on(event, refresh);
        opened.on(CALL_EVENTS.ended, (message: unknown) => {
          const parsed = endedMessage.safeParse(message);
          if (parsed.success && END_STATES.has(parsed.data.status)) ended.current?.(parsed.data.status);
          refresh();
        });
        opened.on(CALL_EVENTS.signed, (message: unknown) => {
          const parsed = callSignedMessage.safeParse(message);
          if (parsed.success && signed.current) signed.current(parsed.data);
          else refresh();
        });
        opened.on(CALL_EVENTS.chat, onChat);
        opened.on(CALL_EVENTS.page, (message: { page?: unknown }) => {
          if (typeof message.page === 'number') setLeaderPage(message.page);
        });
        opened.on(CALL_EVENTS.sealStage, (message: unknown) => {
          const parsed = callSealStageMessage.safeParse(message);
          if (parsed.success) setSealStage(parsed.data.stage);
        });
        mesh = new CallMesh({ socket: opened, applicationId, localStream });
        meshRef.current = mesh;
        mesh.setMedia(initialMedia.current);
        mesh.subscribe((next) => {
          setSnapshot(next);
          if (next.status === 'ended' || next.status === 'removed') refresh();
        });
        void mesh.join();
      },
      (error: unknown) => reportError('call: realtime', error),
    );
    return () => {
      isCancelled = true;
      mesh?.leave();
      meshRef.current = null;
      socketRef.current = null;
      socket?.disconnect();
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
