import type { MeshStatus } from './mesh';

/**
 * Whether the notary's recorder runs in this state of the call. Reconnecting keeps it running: a reconnect is the
 * signalling channel coming back (the process behind it restarted, say) while the media between the browsers
 * carries on, and stopping there would start a second recorder that continues from an index read before the
 * reconnect — one the server already holds (decision 0047).
 */
export function recorderRunsWhile(status: MeshStatus): boolean {
  return status === 'joined' || status === 'reconnecting';
}
