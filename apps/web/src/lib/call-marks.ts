/**
 * The steps on the way into a call, as performance marks named `mohar:call:<step>` on the page's own timeline.
 * Nothing reads them in the app: the bench (bench/src/call-pace.ts) collects them from each page to say where the
 * time between the notary's accept and the first remote frame goes, and the browser's performance panel shows them.
 * A step that happens again (a rejoin, a second connection) adds another mark of the same name.
 */
export type CallStep =
  | 'accept-clicked'
  | 'accept-answered'
  | 'screen-mounted'
  | 'view-read'
  | 'camera-asked'
  | 'camera-got'
  | 'socket-connected'
  | 'join-clicked'
  | 'join-asked'
  | 'join-acked'
  | 'peer-joined'
  | 'offer-sent'
  | 'offer-received'
  | 'answer-sent'
  | 'answer-received'
  | 'ice-connected'
  | 'connected'
  | 'remote-track'
  | 'first-frame';

export const CALL_MARK_PREFIX = 'mohar:call:';

export function markCallStep(step: CallStep, detail?: string): void {
  // Not every browser or test environment has the User Timing API; a missing mark must never break the call.
  try {
    performance.mark(`${CALL_MARK_PREFIX}${step}`, detail === undefined ? undefined : { detail });
  } catch {
    // nothing to do
  }
}
