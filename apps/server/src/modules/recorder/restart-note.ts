/**
 * The note of the gap a process writes for each person it records as it stops (SIGTERM, decision 0083): the process
 * that receives their media next ends that gap (chained from the hand-over to their first packet there).
 */
export const PROCESS_RESTART_NOTE = 'Process restart: the recorder moved to another server process';

/**
 * The note of the gap written when the notary leaves the call before the act ends (a closed page, a lost network;
 * decision 0086): the act waits for them, so their absence is a gap in their track, carried like a restart's to the
 * process that receives their media when they are back.
 */
export const NOTARY_LEFT_NOTE =
  'The notary left the call: the act waits until their media reaches the recorder again';

/** Gaps that outlive the connection they began on: the next recorder to see the person starts their gap there. */
export const CARRIED_GAP_NOTES: ReadonlySet<string> = new Set([PROCESS_RESTART_NOTE, NOTARY_LEFT_NOTE]);
