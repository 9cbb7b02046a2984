import { markCallStep } from '@/lib/call-marks';
import { classifyQuality, type LossCounters, lossBetween, type Quality, readStatsSample } from './quality';

export type PeerConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'failed';

/**
 * The `data` of a call:signal. `link` names the sender's RTCPeerConnection and `to` the receiver's (null until the
 * sender has heard from it). A page reload or socket rejoin makes new connections on both sides while signals of
 * the old ones are still in flight (an ICE-restart offer, late candidates); the ids let those be dropped instead of
 * being applied to the new connection, where a stale offer would tear it down.
 */
export type SignalMessage = { link: string; to: string | null } & SignalPayload;
/** `bye`: the sender closed this connection while the receiver may still hold its other end (see CallMesh). */
type SignalPayload =
  | { description: RTCSessionDescriptionInit }
  | { candidate: RTCIceCandidateInit }
  | { bye: true };

/** ICE may come back by itself from 'disconnected' (a Wi-Fi blip); after this long it is restarted. */
const DISCONNECTED_RESTART_MS = 3_000;
/** Restarts in a row without reaching 'connected' before the link is shown as failed (network events retry it). */
const MAX_ICE_RESTARTS = 3;

export interface PeerLinkOptions {
  remote: string;
  polite: boolean;
  iceServers: RTCIceServer[];
  localStream: MediaStream;
  /** We start this connection (we (re)joined): tracks go in at once and negotiationneeded sends the offer. */
  initiate: boolean;
  send: (message: SignalMessage) => void;
  onChange: () => void;
  log: (event: string, detail?: unknown) => void;
}

/** One RTCPeerConnection to one other participant, negotiated with the perfect-negotiation pattern. */
export class PeerLink {
  readonly id = crypto.randomUUID();
  readonly remote: string;
  /** The other side's connection id; null for a connection we started until its answer arrives. */
  remoteLinkId: string | null = null;
  stream: MediaStream | null = null;
  state: PeerConnectionState = 'connecting';
  quality: Quality = 'unknown';

  private readonly pc: RTCPeerConnection;
  private readonly options: PeerLinkOptions;
  private localStream: MediaStream;
  private makingOffer = false;
  private ignoreOffer = false;
  private hasLocalTracks = false;
  private isClosed = false;
  private restarts = 0;
  /** The video cap each sender was last given (capVideoBitrate). */
  private readonly cappedAt = new WeakMap<RTCRtpSender, number>();
  /** For the `ice-connected` mark: once per connection. */
  private wasIceConnected = false;
  private disconnectedTimer: number | undefined;
  private lastCounters: LossCounters | null = null;
  /** Signals are applied one at a time, in arrival order, so a candidate never overtakes its description. */
  private inbox: Promise<void> = Promise.resolve();

  constructor(options: PeerLinkOptions) {
    this.options = options;
    this.remote = options.remote;
    this.localStream = options.localStream;
    this.pc = new RTCPeerConnection({ iceServers: options.iceServers });
    this.pc.onnegotiationneeded = () => void this.offer();
    this.pc.onicecandidate = ({ candidate }) => {
      if (candidate) this.send({ candidate: candidate.toJSON() });
    };
    this.pc.ontrack = (event) => this.onTrack(event);
    this.pc.oniceconnectionstatechange = () => this.onStateChange();
    this.pc.onconnectionstatechange = () => this.onStateChange();
    if (options.initiate) this.addLocalTracks();
  }

  /** Whether a signal belongs to this connection (and not to an earlier one of either side). */
  matches(message: SignalMessage): boolean {
    if (message.to === null) return this.remoteLinkId === message.link;
    return message.to === this.id && (this.remoteLinkId === null || this.remoteLinkId === message.link);
  }

  /** Applies a signal that `matches`, or the first offer of a connection the other side started. */
  receive(message: SignalMessage): void {
    // Paired at once, not when applied: the candidates right behind this offer are matched against it.
    this.remoteLinkId ??= message.link;
    this.inbox = this.inbox
      .then(() => this.apply(message))
      .catch((error: unknown) => this.options.log('call.signal_failed', { peer: this.remote, error }));
  }

  /** A device switch: same m-lines, so replaceTrack needs no renegotiation, except for a kind we never sent. */
  async replaceLocalStream(stream: MediaStream): Promise<void> {
    this.localStream = stream;
    // Not answered yet: the answer will add the new stream's tracks.
    if (!this.hasLocalTracks || this.isClosed) return;
    for (const kind of ['audio', 'video'] as const) {
      const track = stream.getTracks().find((candidate) => candidate.kind === kind) ?? null;
      const sending = this.pc
        .getTransceivers()
        .find(
          (transceiver) =>
            transceiver.receiver.track.kind === kind &&
            (transceiver.direction === 'sendrecv' || transceiver.direction === 'sendonly'),
        );
      if (sending) await sending.sender.replaceTrack(track);
      // A camera that was missing at the start: adding it fires negotiationneeded, which renegotiates.
      else if (track) this.pc.addTrack(track, stream);
    }
  }

  /** The network changed (or came back): find a new path now rather than wait for ICE to notice. */
  restartIce(): void {
    if (this.isClosed) return;
    this.restarts = 0;
    if (this.state === 'failed') this.setState('reconnecting');
    this.pc.restartIce();
  }

  /** Samples getStats(); true when the quality shown changed. */
  async sampleQuality(): Promise<boolean> {
    if (this.isClosed) return false;
    const sample = readStatsSample((await this.pc.getStats()).values());
    const loss = sample.counters ? lossBetween(this.lastCounters, sample.counters) : null;
    this.lastCounters = sample.counters;
    const quality =
      this.state === 'connected' ? classifyQuality({ rttMs: sample.rttMs, lossFraction: loss }) : 'unknown';
    if (quality === this.quality) return false;
    this.quality = quality;
    return true;
  }

  /**
   * Caps the video this side sends on this connection (see bitrate.ts). Only once connected: before negotiation the
   * sender has no encodings to set. Called on every stats sample, so it follows people joining and leaving.
   */
  async capVideoBitrate(maxBitrate: number): Promise<void> {
    if (this.isClosed || this.state !== 'connected') return;
    for (const sender of this.pc.getSenders()) {
      if (sender.track?.kind !== 'video') continue;
      // getParameters waits on WebRTC's own thread: on a busy page it took half a second of the main thread over a
      // call's first seconds (decision 0031). A sender already given this cap is not asked again.
      if (this.cappedAt.get(sender) === maxBitrate) continue;
      const parameters = sender.getParameters();
      const [encoding] = parameters.encodings;
      if (!encoding) continue;
      if (encoding.maxBitrate !== maxBitrate) {
        encoding.maxBitrate = maxBitrate;
        await sender.setParameters(parameters);
      }
      this.cappedAt.set(sender, maxBitrate);
    }
  }

  close(options?: { tellPeer: boolean }): void {
    if (this.isClosed) return;
    if (options?.tellPeer) this.send({ bye: true });
    this.isClosed = true;
    window.clearTimeout(this.disconnectedTimer);
    this.pc.onnegotiationneeded = null;
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.oniceconnectionstatechange = null;
    this.pc.onconnectionstatechange = null;
    this.pc.close();
  }

  private async offer(): Promise<void> {
    if (this.isClosed) return;
    try {
      this.makingOffer = true;
      await this.pc.setLocalDescription();
      this.sendLocalDescription();
      markCallStep('offer-sent', this.remote);
    } catch (error) {
      this.options.log('call.offer_failed', { peer: this.remote, error });
    } finally {
      this.makingOffer = false;
    }
  }

  private async apply(message: SignalMessage): Promise<void> {
    if (this.isClosed || 'bye' in message) return;
    if ('candidate' in message) {
      try {
        await this.pc.addIceCandidate(message.candidate);
      } catch (error) {
        // Candidates of an offer we ignored (glare, impolite side) cannot be added; that is expected.
        if (!this.ignoreOffer) throw error;
      }
      return;
    }
    const { description } = message;
    const offerCollision =
      description.type === 'offer' && (this.makingOffer || this.pc.signalingState !== 'stable');
    this.ignoreOffer = !this.options.polite && offerCollision;
    if (this.ignoreOffer) return;
    await this.pc.setRemoteDescription(description);
    markCallStep(description.type === 'offer' ? 'offer-received' : 'answer-received', this.remote);
    if (description.type !== 'offer') return;
    // Tracks go in only after the remote offer so addTrack reuses its transceivers instead of adding m-lines,
    // and the answer already carries our media.
    this.addLocalTracks();
    await this.pc.setLocalDescription();
    this.sendLocalDescription();
    markCallStep('answer-sent', this.remote);
  }

  private addLocalTracks(): void {
    if (this.hasLocalTracks) return;
    this.hasLocalTracks = true;
    for (const track of this.localStream.getTracks()) this.pc.addTrack(track, this.localStream);
  }

  /**
   * One stream per peer, rebuilt (a new object, so views re-attach it) whenever a track comes or ends. The sender's
   * stream ids are not used: after a device switch a newly added camera arrives under another stream id.
   */
  private onTrack({ track }: RTCTrackEvent): void {
    const tracks = this.stream?.getTracks() ?? [];
    if (tracks.includes(track)) return;
    markCallStep('remote-track', `${this.remote} ${track.kind}`);
    this.stream = new MediaStream([...tracks, track]);
    track.addEventListener('ended', () => {
      if (this.isClosed || !this.stream?.getTracks().includes(track)) return;
      this.stream = new MediaStream(this.stream.getTracks().filter((kept) => kept !== track));
      this.options.onChange();
    });
    this.options.onChange();
  }

  private onStateChange(): void {
    if (this.isClosed) return;
    const ice = this.pc.iceConnectionState;
    const connection = this.pc.connectionState;
    if (ice === 'failed' || connection === 'failed') {
      window.clearTimeout(this.disconnectedTimer);
      this.disconnectedTimer = undefined;
      this.recover();
      return;
    }
    if (ice === 'disconnected' || connection === 'disconnected') {
      this.disconnectedTimer ??= window.setTimeout(() => {
        this.disconnectedTimer = undefined;
        const { iceConnectionState, connectionState } = this.pc;
        if (iceConnectionState === 'connected' || iceConnectionState === 'completed') return;
        if (connectionState === 'connected') return;
        this.recover();
      }, DISCONNECTED_RESTART_MS);
      return;
    }
    window.clearTimeout(this.disconnectedTimer);
    this.disconnectedTimer = undefined;
    if ((ice === 'connected' || ice === 'completed') && !this.wasIceConnected) {
      this.wasIceConnected = true;
      markCallStep('ice-connected', this.remote);
    }
    if (connection === 'connected') {
      if (this.state !== 'connected') markCallStep('connected', this.remote);
      this.restarts = 0;
      this.setState('connected');
    }
  }

  /** Perfect negotiation turns restartIce() into an ICE-restart offer from whichever side gets to offer. */
  private recover(): void {
    if (this.isClosed) return;
    if (this.restarts >= MAX_ICE_RESTARTS) {
      this.setState('failed');
      return;
    }
    this.restarts += 1;
    this.setState('reconnecting');
    this.pc.restartIce();
  }

  private setState(state: PeerConnectionState): void {
    if (state === this.state) return;
    this.state = state;
    if (state !== 'connected') this.quality = 'unknown';
    this.options.onChange();
  }

  private sendLocalDescription(): void {
    const description = this.pc.localDescription;
    if (description) this.send({ description: { type: description.type, sdp: description.sdp } });
  }

  private send(payload: SignalPayload): void {
    if (!this.isClosed) this.options.send({ link: this.id, to: this.remoteLinkId, ...payload });
  }
}

/** Validates a relayed signal: it comes from another browser through the server untouched. */
export function parseSignal(data: unknown): SignalMessage | null {
  if (!isRecord(data) || typeof data.link !== 'string') return null;
  const to = data.to === null || typeof data.to === 'string' ? data.to : undefined;
  if (to === undefined) return null;
  const { link, description, candidate } = data;
  if (data.bye === true) return { link, to, bye: true };
  if (isRecord(description)) {
    const { type, sdp } = description;
    if ((type === 'offer' || type === 'answer') && typeof sdp === 'string') {
      return { link, to, description: { type, sdp } };
    }
    return null;
  }
  if (isRecord(candidate) && typeof candidate.candidate === 'string') {
    return {
      link,
      to,
      candidate: {
        candidate: candidate.candidate,
        sdpMid: typeof candidate.sdpMid === 'string' ? candidate.sdpMid : null,
        sdpMLineIndex: typeof candidate.sdpMLineIndex === 'number' ? candidate.sdpMLineIndex : null,
        usernameFragment: typeof candidate.usernameFragment === 'string' ? candidate.usernameFragment : null,
      },
    };
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
