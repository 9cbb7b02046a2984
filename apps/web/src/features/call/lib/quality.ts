/**
 * Connection quality of one peer in the call, from WebRTC stats. Pure functions, so the rule can be tested without
 * a browser; the mesh samples `getStats()` every few seconds and feeds the numbers in here.
 */
export type Quality = 'good' | 'fair' | 'poor' | 'unknown';

/** Below both of these the call is good. */
export const GOOD_RTT_MS = 300;
export const GOOD_LOSS = 0.02;
/** At or above either of these the call is poor (frozen video, words lost). */
export const POOR_RTT_MS = 800;
export const POOR_LOSS = 0.08;

export interface QualityInput {
  /** Round-trip time of the selected candidate pair, in milliseconds; null when not measured yet. */
  rttMs: number | null;
  /** Fraction (0…1) of inbound packets lost since the previous sample; null when it cannot be told. */
  lossFraction: number | null;
}

/**
 * good: rtt < 300 ms and loss < 2 %; poor: rtt ≥ 800 ms or loss ≥ 8 %; fair in between. When only one of the two is
 * known it decides alone (right after connecting there is an RTT but no loss interval yet); neither known: unknown.
 */
export function classifyQuality({ rttMs, lossFraction }: QualityInput): Quality {
  const rtt = isMeasured(rttMs) ? rttMs : null;
  const loss = isMeasured(lossFraction) ? lossFraction : null;
  if (rtt === null && loss === null) return 'unknown';
  if ((rtt !== null && rtt >= POOR_RTT_MS) || (loss !== null && loss >= POOR_LOSS)) return 'poor';
  if ((rtt === null || rtt < GOOD_RTT_MS) && (loss === null || loss < GOOD_LOSS)) return 'good';
  return 'fair';
}

/** Cumulative inbound counters (audio and video together), as `inbound-rtp` stats report them. */
export interface LossCounters {
  packetsLost: number;
  packetsReceived: number;
}

/**
 * The fraction of packets lost between two samples of the cumulative counters. Null when there is no earlier
 * sample, nothing arrived in between, or the counters went backwards (a new connection or SSRC reset them).
 * `packetsLost` may shrink a little when late packets turn up (RTCP counts them as lost first); that counts as none.
 */
export function lossBetween(previous: LossCounters | null, current: LossCounters): number | null {
  if (!previous) return null;
  const received = current.packetsReceived - previous.packetsReceived;
  if (received < 0) return null;
  const lost = Math.max(0, current.packetsLost - previous.packetsLost);
  const expected = received + lost;
  return expected > 0 ? lost / expected : null;
}

export interface StatsSample {
  rttMs: number | null;
  counters: LossCounters | null;
}

type Stat = Record<string, unknown>;

/**
 * Reads one `getStats()` report (pass `report.values()`): the RTT of the selected candidate pair and the summed
 * inbound audio + video counters. The transport's `selectedCandidatePairId` is preferred because several pairs can be
 * nominated during an ICE restart; without it, the nominated pair that succeeded is used.
 */
export function readStatsSample(stats: Iterable<unknown>): StatsSample {
  const all = [...stats].filter(isStat);
  const selectedId = all.find(
    (s) => s.type === 'transport' && typeof s.selectedCandidatePairId === 'string',
  )?.selectedCandidatePairId;
  const pairs = all.filter((s) => s.type === 'candidate-pair');
  const pair =
    (selectedId === undefined ? undefined : pairs.find((s) => s.id === selectedId)) ??
    pairs.find((s) => s.nominated === true && s.state === 'succeeded');
  const rttSeconds = pair?.currentRoundTripTime;

  const inbound = all.filter((s) => s.type === 'inbound-rtp' && (s.kind === 'audio' || s.kind === 'video'));
  const counters =
    inbound.length === 0
      ? null
      : {
          packetsLost: sum(inbound.map((s) => s.packetsLost)),
          packetsReceived: sum(inbound.map((s) => s.packetsReceived)),
        };
  return { rttMs: typeof rttSeconds === 'number' ? rttSeconds * 1000 : null, counters };
}

function sum(values: unknown[]): number {
  return values.reduce<number>((total, value) => total + (typeof value === 'number' ? value : 0), 0);
}

function isStat(value: unknown): value is Stat {
  return typeof value === 'object' && value !== null && 'type' in value;
}

function isMeasured(value: number | null): value is number {
  return value !== null && Number.isFinite(value) && value >= 0;
}
