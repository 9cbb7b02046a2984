import type { PeerView } from './mesh';

/**
 * What parts of the call's screen take from the mesh's snapshot, kept as the same object while its content is the
 * same (with `useStable`). The mesh sends a new snapshot on every step of every connection (a track, a state, a
 * quality sample, the other side's microphone); the notary's identity checks need only each person's stream,
 * so they render only when one of those changed (decision 0036).
 */
export type PeerStreams = Record<string, MediaStream | null>;

/** Each peer's stream, by participant; null while none has come. */
export function peerStreams(peers: readonly PeerView[]): PeerStreams {
  return Object.fromEntries(peers.map((peer) => [peer.participant, peer.stream]));
}

export function samePeerStreams(a: PeerStreams, b: PeerStreams): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && a[key] === b[key]);
}
