/**
 * A mesh call sends one video stream to each other participant, all over the same uplink. Without a cap each
 * stream takes what the browser's congestion control grabs (up to ~2.5 Mbps for VGA), and with six others a phone
 * on 4G chokes: frames freeze for everyone. The uplink budget is shared out evenly instead.
 */
/** What one browser sends for video in all: a middling Indian 4G uplink leaves about this much. */
export const VIDEO_UPLINK_BUDGET_BPS = 2_000_000;
/** Below this a face is not recognisable enough for the notary's identity check. */
export const MIN_VIDEO_BPS = 250_000;
/** Above this a 640 × 480 camera picture gets no better. */
export const MAX_VIDEO_BPS = 1_200_000;

/** The cap for each outgoing video stream when sending to `peerCount` others. */
export function videoBitrateFor(peerCount: number): number {
  if (!Number.isFinite(peerCount) || peerCount <= 1) return MAX_VIDEO_BPS;
  return Math.round(Math.min(MAX_VIDEO_BPS, Math.max(MIN_VIDEO_BPS, VIDEO_UPLINK_BUDGET_BPS / peerCount)));
}
