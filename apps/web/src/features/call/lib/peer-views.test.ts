import { describe, expect, it } from 'vitest';
import type { PeerView } from './mesh';
import { peerStreams, samePeerStreams } from './peer-views';

// Streams are compared by identity only: plain objects stand in for MediaStream (none in Node).
const streamA = {} as MediaStream;
const streamB = {} as MediaStream;

const peer = (participant: string, stream: MediaStream | null, more: Partial<PeerView> = {}): PeerView => ({
  participant,
  stream,
  state: 'connecting',
  quality: 'unknown',
  media: null,
  ...more,
});

describe("the call's screen takes from each mesh snapshot only what its parts show", () => {
  it('finds no change in the streams when only a connection step or a quality sample changed', () => {
    const before = peerStreams([peer('signatory:1', streamA), peer('signatory:2', null)]);
    const after = peerStreams([
      peer('signatory:1', streamA, {
        state: 'connected',
        quality: 'good',
        media: { audio: false, video: true },
      }),
      peer('signatory:2', null, { state: 'reconnecting' }),
    ]);
    expect(after).not.toBe(before);
    expect(samePeerStreams(before, after)).toBe(true);
  });

  it('sees a new stream, a person who came and a person who went', () => {
    const before = peerStreams([peer('signatory:1', streamA)]);
    expect(samePeerStreams(before, peerStreams([peer('signatory:1', streamB)]))).toBe(false);
    expect(
      samePeerStreams(before, peerStreams([peer('signatory:1', streamA), peer('signatory:2', null)])),
    ).toBe(false);
    expect(samePeerStreams(before, peerStreams([]))).toBe(false);
    expect(samePeerStreams(before, peerStreams([peer('signatory:2', streamA)]))).toBe(false);
  });
});
