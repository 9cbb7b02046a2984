// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PeerLink } from './peer-link';

/** One video sender whose parameters are counted; the connection can be told it is up. */
class FakePeerConnection {
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: unknown = null;
  ontrack: unknown = null;
  oniceconnectionstatechange: (() => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  iceConnectionState = 'new';
  connectionState = 'new';
  readonly encoding: { maxBitrate?: number } = {};
  readonly sender = {
    track: { kind: 'video' },
    getParameters: vi.fn(() => ({ encodings: [this.encoding] })),
    setParameters: vi.fn(async () => undefined),
  };
  constructor() {
    connection = this;
  }
  addTrack() {}
  close() {}
  getSenders() {
    return [this.sender];
  }
  connect() {
    this.iceConnectionState = 'connected';
    this.connectionState = 'connected';
    this.onconnectionstatechange?.();
  }
}
let connection: FakePeerConnection | null = null;

const localStream = { getTracks: () => [] } as unknown as MediaStream;

function connectedLink() {
  const link = new PeerLink({
    remote: 'user:7d3f0c1e-0000-4000-8000-000000000001',
    polite: true,
    iceServers: [],
    localStream,
    initiate: false,
    send: () => {},
    onChange: () => {},
    log: () => {},
  });
  connection?.connect();
  return { link, pc: connection as FakePeerConnection };
}

beforeEach(() => vi.stubGlobal('RTCPeerConnection', FakePeerConnection));
afterEach(() => vi.unstubAllGlobals());

describe("the video cap on a connection's sender", () => {
  it('is set once for a given number of people, and again when that number changes it', async () => {
    const { link, pc } = connectedLink();
    await link.capVideoBitrate(1_200_000);
    await link.capVideoBitrate(1_200_000);
    await link.capVideoBitrate(1_200_000);
    expect(pc.encoding.maxBitrate).toBe(1_200_000);
    expect(pc.sender.getParameters).toHaveBeenCalledTimes(1);
    expect(pc.sender.setParameters).toHaveBeenCalledTimes(1);

    await link.capVideoBitrate(600_000);
    expect(pc.encoding.maxBitrate).toBe(600_000);
    expect(pc.sender.setParameters).toHaveBeenCalledTimes(2);
    link.close();
  });
});
