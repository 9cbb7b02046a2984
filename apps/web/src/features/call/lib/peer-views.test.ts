import { describe, expect, it } from 'vitest';
import type { PeerView } from './mesh';
import { peerStreams, samePeerStreams, sameSources } from './peer-views';

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

  it("tells the recorder of a change only when someone's name, stream or place in the grid changed", () => {
    const sources = [
      { id: 'user:1', name: 'Notary', stream: streamA },
      { id: 'signatory:1', name: 'Asha Verma', stream: null },
    ];
    expect(
      sameSources(
        sources,
        sources.map((source) => ({ ...source })),
      ),
    ).toBe(true);
    expect(sameSources(sources, [sources[0], { ...sources[1], stream: streamB }] as typeof sources)).toBe(
      false,
    );
    expect(sameSources(sources, [sources[0], { ...sources[1], name: 'Asha' }] as typeof sources)).toBe(false);
    expect(sameSources(sources, [...sources].reverse())).toBe(false);
    expect(sameSources(sources, sources.slice(0, 1))).toBe(false);
  });
});
