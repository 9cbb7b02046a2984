import {
  CALL_EVENTS,
  CALL_RECORDER_PARTICIPANT,
  type CallJoinAck,
  type CallMediaState,
} from '@mohar/contracts';
import type { Socket } from 'socket.io-client';
import { markCallStep } from '@/lib/call-marks';
import { videoBitrateFor } from './bitrate';
import { offersTo } from './negotiation-order';
import { type PeerConnectionState, PeerLink, parseSignal, type SignalMessage } from './peer-link';
import type { Quality } from './quality';

export type { PeerConnectionState } from './peer-link';
export type { Quality } from './quality';

export interface PeerView {
  participant: string;
  stream: MediaStream | null;
  state: PeerConnectionState;
  quality: Quality;
  media: CallMediaState | null;
}
export type MeshStatus = 'idle' | 'joining' | 'joined' | 'reconnecting' | 'refused' | 'removed' | 'ended';
export interface MeshSnapshot {
  status: MeshStatus;
  self: string | null;
  peers: PeerView[];
  error: { code: string; message: string } | null;
  endedReason: string | null;
}

/** A peer whose socket left stays on screen this long: a reload or a network switch brings it back. */
const PEER_LEFT_GRACE_MS = 25_000;
const STATS_INTERVAL_MS = 2_000;
const JOIN_TIMEOUT_MS = 10_000;
/**
 * Who offers is set by `offersTo` (the joiner, but a signatory to the notary). If no offer came by then (two joined
 * at the same instant and neither saw the other, the other side closed the connection we had, or its page predates
 * that rule), we offer. The polite side goes first, so both rarely do; when both do, the impolite side's connection
 * wins (see onSignal).
 */
const OFFER_FALLBACK_POLITE_MS = 5_000;
const OFFER_FALLBACK_IMPOLITE_MS = 10_000;
/** Signals that arrive before our first join ack (a peer who joined just after us offers at once). */
const EARLY_SIGNALS_MAX = 200;
/** `navigator.connection` fires 'change' on every bandwidth estimate; restart ICE at most this often for it. */
const NETWORK_RESTART_GAP_MS = 5_000;

interface PeerEntry {
  link: PeerLink | null;
  /** The join attempt during which this peer was announced to us; such a peer is here even if the ack omits it. */
  seenInJoin: number;
  leftTimer: number | undefined;
  offerTimer: number | undefined;
}

/**
 * The call as a full mesh (a notary and up to 6 signatories): one PeerLink per other participant, signalled through
 * the realtime socket. Whoever (re)joins offers to everyone already there, except to or from the notary: a signatory
 * always offers to the notary, the moment either hears of the other (negotiation-order.ts). The others replace their
 * connection to the one who (re)joined, since a rejoin means a new page or socket. See docs on perfect negotiation
 * in peer-link.ts.
 */
export class CallMesh {
  private readonly socket: Socket;
  private readonly applicationId: string;
  private readonly log: (event: string, detail?: unknown) => void;
  private localStream: MediaStream;
  private media: CallMediaState;
  private status: MeshStatus = 'idle';
  private self: string | null = null;
  private error: MeshSnapshot['error'] = null;
  private endedReason: string | null = null;
  private iceServers: RTCIceServer[] = [];
  private readonly peers = new Map<string, PeerEntry>();
  private readonly peerMedia = new Map<string, CallMediaState>();
  private readonly listeners = new Set<(snapshot: MeshSnapshot) => void>();
  private current: MeshSnapshot;
  private isActive = false;
  private joinAttempt = 0;
  private joining: Promise<void> | null = null;
  private settleJoin: (() => void) | null = null;
  private statsTimer: number | undefined;
  private lastNetworkRestart = 0;
  private earlySignals: unknown[] = [];
  /** Our camera and microphone also go to the server recorder, seen by nobody (decisions 0076, 0081). */
  private recorderLink: PeerLink | null = null;

  constructor(options: {
    socket: Socket;
    applicationId: string;
    localStream: MediaStream;
    log?: (event: string, detail?: unknown) => void;
  }) {
    this.socket = options.socket;
    this.applicationId = options.applicationId;
    this.localStream = options.localStream;
    this.log = options.log ?? (() => {});
    this.media = {
      audio: options.localStream.getAudioTracks().some((track) => track.enabled),
      video: options.localStream.getVideoTracks().some((track) => track.enabled),
    };
    this.current = this.buildSnapshot();
  }

  join(): Promise<void> {
    if (this.joining) return this.joining;
    this.isActive = true;
    this.self = null;
    this.error = null;
    this.endedReason = null;
    this.joining = new Promise((resolve) => {
      this.settleJoin = resolve;
    });
    this.attach();
    this.setStatus('joining');
    // Not connected yet: onConnect asks once it is.
    if (this.socket.connected) void this.requestJoin();
    return this.joining;
  }

  leave(): void {
    if (!this.isActive) return;
    this.socket.emit(CALL_EVENTS.leave);
    this.stop('idle');
  }

  setMedia(state: CallMediaState): void {
    this.media = { audio: state.audio, video: state.video };
    applyMedia(this.localStream, this.media);
    // Joining or reconnecting: the join ack sends it.
    if (this.status === 'joined') this.socket.emit(CALL_EVENTS.media, this.media);
  }

  async replaceLocalStream(stream: MediaStream): Promise<void> {
    this.localStream = stream;
    // A muted microphone stays muted on the new device.
    applyMedia(stream, this.media);
    const links = this.recorderLink ? [...this.links(), this.recorderLink] : this.links();
    await Promise.all(links.map((link) => link.replaceLocalStream(stream)));
  }

  subscribe(listener: (snapshot: MeshSnapshot) => void): () => void {
    this.listeners.add(listener);
    listener(this.current);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** The same object until something changes (useSyncExternalStore relies on that). */
  snapshot(): MeshSnapshot {
    return this.current;
  }

  private async requestJoin(): Promise<void> {
    const attempt = ++this.joinAttempt;
    markCallStep('join-asked');
    let answer: unknown;
    try {
      answer = await this.socket
        .timeout(JOIN_TIMEOUT_MS)
        .emitWithAck(CALL_EVENTS.join, { applicationId: this.applicationId });
    } catch {
      // Lost in a disconnect (onConnect asks again) or a slow server: ask again now.
      if (attempt === this.joinAttempt && this.isActive && this.socket.connected) void this.requestJoin();
      return;
    }
    if (attempt === this.joinAttempt && this.isActive) this.onJoinAck(answer, attempt);
  }

  private onJoinAck(answer: unknown, attempt: number): void {
    if (!isJoinAck(answer)) {
      this.error = { code: 'call.join_failed', message: 'The call could not be joined.' };
      this.stop('refused');
      return;
    }
    if (!answer.ok) {
      this.error = { code: answer.code, message: answer.message };
      this.stop('refused');
      return;
    }
    markCallStep('join-acked');
    this.self = answer.self;
    this.iceServers = answer.iceServers;
    this.recorderLink?.close({ tellPeer: true });
    // The server records every call (decision 0081): each (re)join opens a fresh connection to it.
    this.recorderLink = this.createLink(CALL_RECORDER_PARTICIPANT, true);
    const present = new Set(answer.peers.filter((participant) => participant !== answer.self));
    for (const [participant, entry] of this.peers) {
      if (!present.has(participant) && entry.seenInJoin !== attempt) this.startGrace(participant, entry);
    }
    // A (re)join: our old connections, if any, are gone on the other side too (they got peerJoined).
    for (const participant of present) {
      const entry = this.entryOf(participant);
      clearEntryTimers(entry);
      entry.link?.close({ tellPeer: true });
      entry.link = offersTo(answer.self, participant, true) ? this.createLink(participant, true) : null;
      if (!entry.link) this.awaitOffer(participant, entry);
    }
    // Announced before this ack (they joined just after us): the notary, to whom we, a signatory, offer.
    for (const [participant, entry] of this.peers) {
      if (present.has(participant) || entry.seenInJoin !== attempt || entry.link) continue;
      if (!offersTo(answer.self, participant, false)) continue;
      clearEntryTimers(entry);
      entry.link = this.createLink(participant, true);
    }
    this.socket.emit(CALL_EVENTS.media, this.media);
    this.statsTimer ??= window.setInterval(() => void this.sampleQuality(), STATS_INTERVAL_MS);
    this.setStatus('joined');
    for (const early of this.earlySignals.splice(0)) this.onSignal(early);
    this.settleJoin?.();
    this.settleJoin = null;
  }

  private readonly onPeerJoined = (payload: unknown) => {
    const participant = participantOf(payload);
    if (!participant || participant === this.self) return;
    markCallStep('peer-joined', participant);
    const entry = this.entryOf(participant);
    clearEntryTimers(entry);
    entry.seenInJoin = this.joinAttempt;
    // A new page or socket has fresh DTLS keys: the old connection cannot be resumed, only replaced.
    entry.link?.close({ tellPeer: true });
    entry.link = null;
    // The notary came (back): we, a signatory, offer now. Before our own ack, onJoinAck does.
    if (this.self !== null && this.status === 'joined' && offersTo(this.self, participant, false))
      entry.link = this.createLink(participant, true);
    else this.awaitOffer(participant, entry);
    // The newcomer has not heard our microphone and camera state.
    if (this.status === 'joined') this.socket.emit(CALL_EVENTS.media, this.media);
    this.emitChange();
  };

  private readonly onPeerLeft = (payload: unknown) => {
    const participant = participantOf(payload);
    const entry = participant ? this.peers.get(participant) : undefined;
    if (!participant || !entry) return;
    window.clearTimeout(entry.offerTimer);
    entry.offerTimer = undefined;
    this.startGrace(participant, entry);
  };

  private readonly onSignal = (payload: unknown) => {
    // Before the first ack there are no ICE servers and no own id to tell who is polite.
    if (this.self === null) {
      if (this.earlySignals.length < EARLY_SIGNALS_MAX) this.earlySignals.push(payload);
      return;
    }
    if (!isRecord(payload) || typeof payload.from !== 'string') return;
    const from = payload.from;
    const message = parseSignal(payload.data);
    if (!message || from === this.self) return;
    if (from === CALL_RECORDER_PARTICIPANT) {
      if (this.recorderLink?.matches(message)) this.recorderLink.receive(message);
      return;
    }
    const entry = this.peers.get(from);
    if (entry?.link?.matches(message)) {
      if ('bye' in message) {
        entry.link.close();
        entry.link = null;
        this.awaitOffer(from, entry);
        this.emitChange();
      } else entry.link.receive(message);
      return;
    }
    // Anything else but a connection's first offer belongs to a connection already replaced on one side.
    if (!('description' in message) || message.description.type !== 'offer' || message.to !== null) return;
    const target = entry ?? this.entryOf(from);
    // Both started a connection at once: as in perfect negotiation, the impolite side keeps its own.
    if (target.link && target.link.remoteLinkId === null && !this.isPolite(from)) return;
    clearEntryTimers(target);
    target.seenInJoin = this.joinAttempt;
    target.link?.close({ tellPeer: true });
    target.link = this.createLink(from, false);
    target.link.receive(message);
    this.emitChange();
  };

  private readonly onMedia = (payload: unknown) => {
    const participant = participantOf(payload);
    if (!participant || !isRecord(payload)) return;
    const { audio, video } = payload;
    if (typeof audio !== 'boolean' || typeof video !== 'boolean') return;
    this.peerMedia.set(participant, { audio, video });
    this.emitChange();
  };

  private readonly onRemoved = () => this.stop('removed');

  private readonly onEnded = (payload: unknown) => {
    this.endedReason = isRecord(payload) && typeof payload.reason === 'string' ? payload.reason : null;
    this.stop('ended');
  };

  private readonly onDisconnect = () => {
    // Acks of a dead connection never come; the attempt after reconnecting replaces it.
    this.joinAttempt += 1;
    if (this.status === 'joined') this.setStatus('reconnecting');
  };

  private readonly onConnect = () => {
    if (this.status === 'joining' || this.status === 'reconnecting') void this.requestJoin();
  };

  private readonly onNetworkChange = () => {
    const now = Date.now();
    if (now - this.lastNetworkRestart < NETWORK_RESTART_GAP_MS) return;
    this.lastNetworkRestart = now;
    for (const link of this.links()) link.restartIce();
    this.emitChange();
  };

  private createLink(participant: string, initiate: boolean): PeerLink {
    return new PeerLink({
      remote: participant,
      polite: this.isPolite(participant),
      iceServers: this.iceServers,
      localStream: this.localStream,
      initiate,
      send: (message: SignalMessage) => {
        // Signals are only good for the connection they belong to: never buffer them across a reconnect.
        if (this.socket.connected) this.socket.emit(CALL_EVENTS.signal, { to: participant, data: message });
      },
      onChange: () => this.emitChange(),
      log: this.log,
    });
  }

  private awaitOffer(participant: string, entry: PeerEntry): void {
    window.clearTimeout(entry.offerTimer);
    // Before the first ack we do not know who is polite: wait the longer time.
    const delay =
      this.self !== null && this.isPolite(participant)
        ? OFFER_FALLBACK_POLITE_MS
        : OFFER_FALLBACK_IMPOLITE_MS;
    entry.offerTimer = window.setTimeout(() => {
      entry.offerTimer = undefined;
      const isWaiting = this.peers.get(participant) === entry && !entry.link && entry.leftTimer === undefined;
      if (!isWaiting || this.status !== 'joined') return;
      entry.link = this.createLink(participant, true);
      this.emitChange();
    }, delay);
  }

  private startGrace(participant: string, entry: PeerEntry): void {
    if (entry.leftTimer !== undefined) return;
    entry.leftTimer = window.setTimeout(() => {
      entry.leftTimer = undefined;
      // A connection still carrying media is kept: the peer's old socket may have left after its new one joined.
      if (entry.link?.state === 'connected') this.emitChange();
      else this.dropPeer(participant);
    }, PEER_LEFT_GRACE_MS);
    this.emitChange();
  }

  private dropPeer(participant: string): void {
    const entry = this.peers.get(participant);
    if (!entry) return;
    clearEntryTimers(entry);
    entry.link?.close();
    this.peers.delete(participant);
    this.peerMedia.delete(participant);
    this.emitChange();
  }

  private async sampleQuality(): Promise<void> {
    const links = this.links();
    const cap = videoBitrateFor(links.length);
    for (const link of links)
      link.capVideoBitrate(cap).catch((error: unknown) => this.log('call.bitrate_failed', { error }));
    const changed = await Promise.all(links.map((link) => link.sampleQuality().catch(() => false)));
    if (this.isActive && changed.some(Boolean)) this.emitChange();
  }

  private stop(status: MeshStatus): void {
    this.isActive = false;
    this.joinAttempt += 1;
    this.detach();
    window.clearInterval(this.statsTimer);
    this.statsTimer = undefined;
    for (const entry of this.peers.values()) {
      clearEntryTimers(entry);
      entry.link?.close();
    }
    this.peers.clear();
    this.recorderLink?.close();
    this.recorderLink = null;
    this.peerMedia.clear();
    this.earlySignals = [];
    this.joining = null;
    this.settleJoin?.();
    this.settleJoin = null;
    this.setStatus(status);
  }

  private attach(): void {
    this.socket.on(CALL_EVENTS.peerJoined, this.onPeerJoined);
    this.socket.on(CALL_EVENTS.peerLeft, this.onPeerLeft);
    this.socket.on(CALL_EVENTS.signal, this.onSignal);
    this.socket.on(CALL_EVENTS.media, this.onMedia);
    this.socket.on(CALL_EVENTS.removed, this.onRemoved);
    this.socket.on(CALL_EVENTS.ended, this.onEnded);
    this.socket.on('disconnect', this.onDisconnect);
    this.socket.on('connect', this.onConnect);
    window.addEventListener('online', this.onNetworkChange);
    networkInformation()?.addEventListener('change', this.onNetworkChange);
  }

  private detach(): void {
    this.socket.off(CALL_EVENTS.peerJoined, this.onPeerJoined);
    this.socket.off(CALL_EVENTS.peerLeft, this.onPeerLeft);
    this.socket.off(CALL_EVENTS.signal, this.onSignal);
    this.socket.off(CALL_EVENTS.media, this.onMedia);
    this.socket.off(CALL_EVENTS.removed, this.onRemoved);
    this.socket.off(CALL_EVENTS.ended, this.onEnded);
    this.socket.off('disconnect', this.onDisconnect);
    this.socket.off('connect', this.onConnect);
    window.removeEventListener('online', this.onNetworkChange);
    networkInformation()?.removeEventListener('change', this.onNetworkChange);
  }

  private entryOf(participant: string): PeerEntry {
    let entry = this.peers.get(participant);
    if (!entry) {
      entry = { link: null, seenInJoin: -1, leftTimer: undefined, offerTimer: undefined };
      this.peers.set(participant, entry);
    }
    return entry;
  }

  private links(): PeerLink[] {
    return [...this.peers.values()].flatMap((entry) => (entry.link ? [entry.link] : []));
  }

  /** The lower participant id is polite: it yields on an offer collision. */
  private isPolite(other: string): boolean {
    return this.self !== null && this.self < other;
  }

  private setStatus(status: MeshStatus): void {
    this.status = status;
    this.emitChange();
  }

  private emitChange(): void {
    this.current = this.buildSnapshot();
    for (const listener of this.listeners) {
      try {
        listener(this.current);
      } catch (error) {
        this.log('call.listener_failed', error);
      }
    }
  }

  private buildSnapshot(): MeshSnapshot {
    const peers = [...this.peers].map(([participant, entry]): PeerView => {
      const isAway = entry.leftTimer !== undefined;
      return {
        participant,
        stream: entry.link?.stream ?? null,
        state: isAway ? 'reconnecting' : (entry.link?.state ?? 'connecting'),
        quality: isAway ? 'unknown' : (entry.link?.quality ?? 'unknown'),
        media: this.peerMedia.get(participant) ?? null,
      };
    });
    const { status, self, error, endedReason } = this;
    return { status, self, peers, error, endedReason };
  }
}

function applyMedia(stream: MediaStream, media: CallMediaState): void {
  for (const track of stream.getAudioTracks()) track.enabled = media.audio;
  for (const track of stream.getVideoTracks()) track.enabled = media.video;
}

function clearEntryTimers(entry: PeerEntry): void {
  window.clearTimeout(entry.leftTimer);
  window.clearTimeout(entry.offerTimer);
  entry.leftTimer = undefined;
  entry.offerTimer = undefined;
}

/** `navigator.connection` (Network Information API) exists in Chromium only, and not in TypeScript's DOM types. */
function networkInformation(): EventTarget | null {
  const connection: unknown = Reflect.get(navigator, 'connection');
  return connection instanceof EventTarget ? connection : null;
}

function participantOf(payload: unknown): string | null {
  return isRecord(payload) && typeof payload.participant === 'string' ? payload.participant : null;
}

function isJoinAck(value: unknown): value is CallJoinAck {
  if (!isRecord(value)) return false;
  if (value.ok === false) return typeof value.code === 'string' && typeof value.message === 'string';
  return (
    value.ok === true &&
    typeof value.self === 'string' &&
    Array.isArray(value.peers) &&
    value.peers.every((peer) => typeof peer === 'string') &&
    Array.isArray(value.iceServers)
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
