// @vitest-environment happy-dom
import { CALL_EVENTS } from '@mohar/contracts';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { abandonCall, startCall } from './call-start';

const asha = 'signatory:2b9a5f10-0000-4000-8000-000000000002';
const applicationId = 'a0f1c2d3-0000-4000-8000-000000000004';

/** The browser's RTCPeerConnection is not needed: nobody else is in the call. */
class FakePeerConnection {
  close() {}
}

const localStream = {
  getTracks: () => [],
  getAudioTracks: () => [],
  getVideoTracks: () => [],
} as unknown as MediaStream;

/** The realtime socket as the call sees it: joins asked for, catch-all listeners, events the test delivers. */
function fakeSocket() {
  const anyListeners = new Set<(event: string, ...args: unknown[]) => void>();
  const joinsAsked: unknown[] = [];
  const socket = {
    connected: true,
    on: () => socket,
    off: () => socket,
    onAny(listener: (event: string, ...args: unknown[]) => void) {
      anyListeners.add(listener);
    },
    offAny(listener: (event: string, ...args: unknown[]) => void) {
      anyListeners.delete(listener);
    },
    emit: vi.fn(),
    disconnect: vi.fn(),
    timeout: () => ({
      emitWithAck: async (event: string, payload: unknown) => {
        joinsAsked.push({ event, payload });
        return { ok: true, self: asha, peers: [], media: {}, page: null, iceServers: [] };
      },
    }),
  };
  const deliver = (event: string, payload: unknown) => {
    for (const listener of anyListeners) listener(event, payload);
  };
  return { socket, asSocket: socket as unknown as Socket, deliver, joinsAsked };
}

beforeEach(() => vi.stubGlobal('RTCPeerConnection', FakePeerConnection));
afterEach(() => vi.unstubAllGlobals());

describe('a call started at the press on "Join now"', () => {
  it('asks the server to join at once, before any screen listens', async () => {
    const fake = fakeSocket();
    const started = await startCall(Promise.resolve(fake.asSocket), {
      applicationId,
      localStream,
      media: { audio: true, video: true },
    });
    expect(fake.joinsAsked).toEqual([{ event: CALL_EVENTS.join, payload: { applicationId } }]);
    started.mesh.leave();
  });

  it('keeps what the server says to the call until the screen takes it, in order and only once', async () => {
    const fake = fakeSocket();
    const started = await startCall(Promise.resolve(fake.asSocket), {
      applicationId,
      localStream,
      media: { audio: true, video: true },
    });
    fake.deliver(CALL_EVENTS.sealStage, { stage: 'stamping' });
    fake.deliver(CALL_EVENTS.chat, { text: 'hello' });
    expect(started.takeEarlyEvents()).toEqual([
      [CALL_EVENTS.sealStage, [{ stage: 'stamping' }]],
      [CALL_EVENTS.chat, [{ text: 'hello' }]],
    ]);
    // From then on the screen's own listeners hear everything.
    fake.deliver(CALL_EVENTS.chat, { text: 'later' });
    expect(started.takeEarlyEvents()).toEqual([]);
    started.mesh.leave();
  });

  it('a call no screen took leaves and closes its channel', async () => {
    const fake = fakeSocket();
    const starting = startCall(Promise.resolve(fake.asSocket), {
      applicationId,
      localStream,
      media: { audio: true, video: true },
    });
    abandonCall(starting);
    await starting;
    await Promise.resolve();
    expect(fake.socket.emit).toHaveBeenCalledWith(CALL_EVENTS.leave);
    expect(fake.socket.disconnect).toHaveBeenCalled();
  });
});
