import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket } from 'werift';

/**
 * A participant's browser as the recorder sees it, for tests: a werift peer sending generated VP8 video and Opus
 * audio. Every video frame is the same tiny keyframe (a 32×32 block made once with ffmpeg/libvpx) and every audio
 * frame is Opus silence, so no encoder is needed and any frame can start a file.
 */
const VP8_KEYFRAME = Buffer.from(
  'EAMAnQEqIAAgAABHCIWFiIWEiAICAnWqA/gD+AIIWQy9AP76xD//dk7ZXI/37f/taA4NV/o3AA==',
  'base64',
);
// The Opus TOC byte and payload of a 20 ms silent frame (what browsers send for a muted microphone).
const OPUS_SILENCE = Buffer.from([0xf8, 0xff, 0xfe]);
const VIDEO_MS = 100;
const AUDIO_MS = 20;

export type MediaSender = Awaited<ReturnType<typeof startMediaSender>>;

export async function startMediaSender(options: {
  /** Sends the offer (and nothing else: the recorder answers once with every candidate). */
  signal: (data: unknown) => void;
  link: string;
  /**
   * The benchmark's load (bench/src/recorder-load.ts): video packets per second and each one's size, like a
   * browser's camera (the first frame is the keyframe, the rest filler inter frames: the recorder does not decode).
   */
  load?: { videoPacketsPerSecond: number; videoPacketBytes: number };
}) {
  const pc = new RTCPeerConnection();
  const video = new MediaStreamTrack({ kind: 'video' });
  const audio = new MediaStreamTrack({ kind: 'audio' });
  pc.addTransceiver(video, { direction: 'sendonly' });
  pc.addTransceiver(audio, { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  if (pc.iceGatheringState !== 'complete')
    await pc.iceGatheringStateChange.watch((state) => state === 'complete');
  options.signal({ link: options.link, description: { type: 'offer', sdp: pc.localDescription?.sdp } });

  let sequence = { video: 0, audio: 0 };
  let timestamp = { video: 0, audio: 0 };
  let isPaused = false;
  // An inter frame (bit 0 of the VP8 frame tag set) of the load's size, after the one-byte payload descriptor.
  const filler = options.load
    ? Buffer.concat([Buffer.from([0x10, 0x01]), Buffer.alloc(options.load.videoPacketBytes - 2, 0x5a)])
    : null;
  let sentKeyframe = false;
  const videoMs = options.load ? 1000 / options.load.videoPacketsPerSecond : VIDEO_MS;
  const send = (kind: 'video' | 'audio') => {
    if (isPaused || pc.connectionState !== 'connected') return;
    const track = kind === 'video' ? video : audio;
    // The VP8 payload descriptor: one byte, "start of partition 0".
    const keyframe = Buffer.concat([Buffer.from([0x10]), VP8_KEYFRAME]);
    const payload = kind === 'video' ? (filler && sentKeyframe ? filler : keyframe) : OPUS_SILENCE;
    if (kind === 'video') sentKeyframe = true;
    const header = new RtpHeader({
      sequenceNumber: sequence[kind] & 0xffff,
      timestamp: timestamp[kind] >>> 0,
      marker: true,
    });
    track.writeRtp(new RtpPacket(header, payload));
    sequence = { ...sequence, [kind]: sequence[kind] + 1 };
    timestamp = {
      ...timestamp,
      [kind]: timestamp[kind] + (kind === 'video' ? Math.round(90 * videoMs) : 960),
    };
  };
  const timers = [setInterval(() => send('video'), videoMs), setInterval(() => send('audio'), AUDIO_MS)];
  return {
    async answer(data: { description: { type: 'answer'; sdp: string } }) {
      await pc.setRemoteDescription(data.description);
      if (pc.connectionState !== 'connected')
        await pc.connectionStateChange.watch((state) => state === 'connected');
    },
    /** Stops sending (a frozen browser, a closed lid) without closing the connection. */
    pause: () => {
      isPaused = true;
    },
    resume: () => {
      isPaused = false;
    },
    async close() {
      for (const timer of timers) clearInterval(timer);
      await pc.close();
    },
  };
}
