/**
 * The recorder benchmark's participants (bench/src/recorder-load.ts), in a process of their own so the server's CPU
 * is the server's alone: each joins its call over the websocket and sends camera-like VP8 and Opus to the server
 * recorder with werift. Reads `[{ origin, applicationId, cookie?, portalToken? }]` as JSON from argv, prints `ready`
 * once every one is connected, and runs until killed.
 */
import { CALL_EVENTS, CALL_RECORDER_PARTICIPANT, type CallJoinAck } from '@mohar/contracts';
import { startMediaSender } from '../../apps/server/src/testing/media-sender.ts';
import { connect } from '../../apps/server/src/testing/realtime.ts';

type Seat = { origin: string; applicationId: string; cookie?: string; portalToken?: string };
/** About 450 kbit/s of video (a 640×360 camera in a call) and Opus's 50 packets a second. */
const LOAD = { videoPacketsPerSecond: 50, videoPacketBytes: 1100 };

async function seat(entry: Seat) {
  const socket = await connect(entry.origin, { cookie: entry.cookie, portalToken: entry.portalToken });
  const ack = (await socket.emitWithAck(CALL_EVENTS.join, {
    applicationId: entry.applicationId,
  })) as CallJoinAck;
  if (!ack.ok) throw new Error(ack.message);
  const sender = await startMediaSender({
    link: `bench-${ack.self}`,
    load: LOAD,
    signal: (data) => socket.emit(CALL_EVENTS.signal, { to: CALL_RECORDER_PARTICIPANT, data }),
  });
  await new Promise<void>((resolve, reject) =>
    socket.on(CALL_EVENTS.signal, (message: { from: string; data: never }) => {
      if (message.from === CALL_RECORDER_PARTICIPANT) sender.answer(message.data).then(resolve, reject);
    }),
  );
}

const seats = JSON.parse(process.argv[2] ?? '[]') as Seat[];
await Promise.all(seats.map(seat));
console.log('ready');
