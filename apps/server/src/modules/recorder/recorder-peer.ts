import { networkInterfaces } from 'node:os';
import {
  type MediaStreamTrack,
  RTCIceCandidate,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  RTCSessionDescription,
} from 'werift';
import {
  DepacketizeCallback,
  JitterBufferCallback,
  RtpSourceCallback,
  RtpTimeCallback,
  WebmCallback,
} from 'werift/nonstandard';

export type IceServer = { urls: string | string[]; username?: string; credential?: string };

/** What a participant's browser sends the recorder on the call's signalling channel. */
/** As the browser's PeerLink sends them: `link` is its connection, `to` the recorder's (null on a first offer). */
export type RecorderSignal =
  | { link: string; description: { type: 'offer'; sdp: string } }
  | { link: string; candidate: { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null } }
  | { link: string; bye: true };

// The codecs every browser sends and WebM holds: the answer never picks another.
const codecs = {
  video: [
    new RTCRtpCodecParameters({
      mimeType: 'video/VP8',
      clockRate: 90_000,
      rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }],
    }),
  ],
  audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48_000, channels: 2 })],
};
// 24 hours: the WebM header's duration placeholder (the stream is live; a player reads the clusters' times).
const WEBM_DURATION_MS = 24 * 60 * 60 * 1000;
const KEYFRAME_REQUEST_MS = 2000;

// werift offers no loopback candidate; on a machine with only loopback (the browser tests' network namespace) the
// browsers are on the same host, so 127.0.0.1 is the one address that reaches them.
const hasOutsideAddress = () =>
  Object.values(networkInterfaces()).some((addresses) =>
    addresses?.some((address) => !address.internal && address.family === 'IPv4'),
  );

/**
 * One participant's connection to the recorder: a receive-only werift peer that answers the browser's offer and
 * turns what arrives into one WebM stream (VP8 video as track 1 when offered, Opus audio), handed out as bytes in
 * order. `onActivity` is called for every media packet (the gap watch).
 */
export async function answerRecorderOffer(options: {
  offer: { type: 'offer'; sdp: string };
  iceServers: IceServer[];
  onBytes: (bytes: Buffer) => void;
  onActivity: () => void;
  onClosed: () => void;
}) {
  const pc = new RTCPeerConnection({
    iceServers: options.iceServers,
    codecs,
    iceAdditionalHostAddresses: hasOutsideAddress() ? undefined : ['127.0.0.1'],
  });
  // The file's tracks are fixed before any media arrives (werift announces remote tracks while applying the offer).
  const kinds = new Set(Array.from(options.offer.sdp.matchAll(/^m=(audio|video) /gm), (m) => m[1]));
  const tracks = [
    ...(kinds.has('video') ? [{ kind: 'video' as const, codec: 'VP8' as const, clockRate: 90_000 }] : []),
    ...(kinds.has('audio') ? [{ kind: 'audio' as const, codec: 'OPUS' as const, clockRate: 48_000 }] : []),
  ].map((track, index) => ({ ...track, trackNumber: index + 1, width: 640, height: 360 }));
  const webm = new WebmCallback(tracks, { duration: WEBM_DURATION_MS });
  webm.pipe(async (output) => {
    if (output.saveToFile) options.onBytes(output.saveToFile);
  });
  const sources: RtpSourceCallback[] = [];
  const timers: NodeJS.Timeout[] = [];

  const receive = (track: MediaStreamTrack) => {
    const source = new RtpSourceCallback();
    sources.push(source);
    const time = new RtpTimeCallback(track.kind === 'video' ? 90_000 : 48_000);
    if (track.kind === 'video') {
      const jitter = new JitterBufferCallback(90_000);
      const depacketizer = new DepacketizeCallback('vp8', { isFinalPacketInSequence: (h) => h.marker });
      source.pipe(jitter.input);
      jitter.pipe(time.input);
      time.pipe(depacketizer.input);
      depacketizer.pipe(webm.inputVideo);
    } else {
      const depacketizer = new DepacketizeCallback('opus');
      source.pipe(time.input);
      time.pipe(depacketizer.input);
      depacketizer.pipe(webm.inputAudio);
    }
    let ssrc: number | null = null;
    track.onReceiveRtp.subscribe((rtp) => {
      ssrc = rtp.header.ssrc;
      options.onActivity();
      source.input(rtp.clone());
    });
    // The file can only start at a keyframe: ask for one until it is there, so joining mid-stream costs little.
    if (track.kind === 'video') {
      const timer = setInterval(() => {
        if (webm.videoKeyframeReceived) clearInterval(timer);
        else if (ssrc !== null)
          pc.getReceivers()
            .find((r) => r.track === track)
            ?.sendRtcpPLI(ssrc);
      }, KEYFRAME_REQUEST_MS);
      timers.push(timer);
    }
  };
  pc.onTrack.subscribe(receive);
  await pc.setRemoteDescription(new RTCSessionDescription(options.offer.sdp, 'offer'));
  for (const transceiver of pc.getTransceivers()) transceiver.setDirection('recvonly');
  pc.connectionStateChange.subscribe((state) => {
    if (state === 'failed' || state === 'closed') options.onClosed();
  });

  await pc.setLocalDescription(await pc.createAnswer());
  // Not trickled: the answer carries every candidate, so the browser needs nothing more from the recorder.
  if (pc.iceGatheringState !== 'complete')
    await pc.iceGatheringStateChange.watch((state) => state === 'complete');

  let isClosed = false;
  return {
    answer: { type: 'answer' as const, sdp: pc.localDescription?.sdp ?? '' },
    /** A later offer on the same connection (an ICE restart, a changed track): same file, new answer. */
    async renegotiate(offer: { type: 'offer'; sdp: string }) {
      await pc.setRemoteDescription(new RTCSessionDescription(offer.sdp, 'offer'));
      for (const transceiver of pc.getTransceivers()) transceiver.setDirection('recvonly');
      await pc.setLocalDescription(await pc.createAnswer());
      return { type: 'answer' as const, sdp: pc.localDescription?.sdp ?? '' };
    },
    async addCandidate(candidate: {
      candidate: string;
      sdpMid?: string | null;
      sdpMLineIndex?: number | null;
    }) {
      if (!candidate.candidate) return;
      await pc.addIceCandidate(
        new RTCIceCandidate({
          candidate: candidate.candidate,
          sdpMid: candidate.sdpMid ?? undefined,
          sdpMLineIndex: candidate.sdpMLineIndex ?? undefined,
        }),
      );
    },
    /** Ends the WebM stream (its last cluster is handed out) and the connection. */
    async close() {
      if (isClosed) return;
      isClosed = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(sources.map((source) => source.stop()));
      webm.destroy();
      await pc.close();
    },
  };
}
