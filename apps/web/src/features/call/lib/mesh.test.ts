// @vitest-environment happy-dom
import { CALL_EVENTS } from '@mohar/contracts';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallMesh } from './mesh';

const notary = 'user:7d3f0c1e-0000-4000-8000-000000000001';
const asha = 'signatory:2b9a5f10-0000-4000-8000-000000000002';
const bela = 'signatory:0c41e7aa-0000-4000-8000-000000000003';

/** The browser's RTCPeerConnection, reduced to what a connection that never gets far uses; each one is counted. */
let connections: FakePeerConnection[] = [];
class FakePeerConnection {
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: unknown = null;
  ontrack: unknown = null;
  oniceconnectionstatechange: unknown = null;
  onconnectionstatechange: unknown = null;
  iceConnectionState = 'new';
  connectionState = 'new';
  tracks = 0;
  constructor() {
    connections.push(this);
  }
  addTrack() {
    this.tracks += 1;
  }
  close() {}
  getSenders() {
    return [];
  }
}

const track = (kind: string) => ({ kind, enabled: true });
const localStream = {
  getTracks: () => [track('audio'), track('video')],
  getAudioTracks: () => [track('audio')],
  getVideoTracks: () => [track('video')],
} as unknown as MediaStream;

/** The realtime socket as the call sees it: the server's join answer, and events the test delivers. */
type JoinAnswer = { self: string; peers: string[] };

function fakeSocket(joinAnswer: JoinAnswer) {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    connected: true,
    on(event: string, handler: (payload: unknown) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(handler);
    },
    off(event: string, handler: (payload: unknown) => void) {
      handlers.get(event)?.delete(handler);
    },
    emit: vi.fn(),
    timeout: () => ({
      emitWithAck: async () => ({ ok: true, media: {}, page: null, iceServers: [], ...joinAnswer }),
    }),
  };
  const deliver = (event: string, payload: unknown) => {
    for (const handler of handlers.get(event) ?? []) handler(payload);
  };
  return { socket: socket as unknown as Socket, deliver };
}

async function joined(joinAnswer: JoinAnswer) {
  const { socket, deliver } = fakeSocket(joinAnswer);
  const mesh = new CallMesh({ socket, applicationId: 'a0f1c2d3-0000-4000-8000-000000000004', localStream });
  await mesh.join();
  return { mesh, deliver };
}

beforeEach(() => {
  connections = [];
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
});
afterEach(() => vi.unstubAllGlobals());

/** The connections to people: the first one of each join goes to the server recorder (decision 0081). */
const toPeers = () => connections.slice(1);

describe('who starts each connection as people come into the call', () => {
  it('the notary joining after the signatories starts no connection: it waits for their offers', async () => {
    const { mesh } = await joined({ self: notary, peers: [asha, bela] });
    expect(toPeers()).toHaveLength(0);
    expect(mesh.snapshot().peers.map((peer) => peer.participant)).toEqual([asha, bela]);
    mesh.leave();
  });

  it('a signatory in the call starts a connection to the notary, media in it, as soon as it hears the notary came', async () => {
    const { mesh, deliver } = await joined({ self: asha, peers: [] });
    deliver(CALL_EVENTS.peerJoined, { participant: notary });
    expect(toPeers()).toHaveLength(1);
    expect(toPeers()[0]?.tracks).toBe(2);
    mesh.leave();
  });

  it('a signatory in the call waits for the offer of another signatory who comes after it', async () => {
    const { mesh, deliver } = await joined({ self: asha, peers: [] });
    deliver(CALL_EVENTS.peerJoined, { participant: bela });
    expect(toPeers()).toHaveLength(0);
    mesh.leave();
  });

  it('a signatory joining starts a connection to everyone already there, the notary included', async () => {
    const { mesh } = await joined({ self: bela, peers: [notary, asha] });
    expect(toPeers()).toHaveLength(2);
    mesh.leave();
  });
});

describe('the server recorder (decisions 0076, 0081)', () => {
  it('everyone also sends camera and microphone to the recorder, whom nobody sees', async () => {
    const { mesh } = await joined({ self: notary, peers: [asha] });
    // The notary waits for Asha's offer; the one connection is to the recorder, with both tracks in it.
    expect(connections).toHaveLength(1);
    expect(connections[0]?.tracks).toBe(2);
    expect(mesh.snapshot().peers.map((peer) => peer.participant)).toEqual([asha]);
    mesh.leave();
  });
});
