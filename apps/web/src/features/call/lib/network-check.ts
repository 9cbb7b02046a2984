/** How the connection to Mohar looks before a call: by round trip to the server, or offline. */
export type ConnectionQuality = 'good' | 'fair' | 'poor' | 'unreachable' | 'offline';

export type NetworkCheck = { quality: ConnectionQuality; roundTripMs: number | null; isOnline: boolean };

/** Below this a call is smooth; below FAIR_MS it works with some delay; above, video may stall. */
export const GOOD_MS = 300;
export const FAIR_MS = 1000;

const HEALTH_URL = '/api/v1/health';
const SAMPLES = 4;
const TIMEOUT_MS = 5000;

/** The middle of the round trips that came back (the mean of the middle two for an even count); null for none. */
export function medianOf(samples: readonly number[]): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? null)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function classifyConnection(options: {
  roundTripMs: number | null;
  isOnline: boolean;
}): ConnectionQuality {
  if (!options.isOnline) return 'offline';
  if (options.roundTripMs === null) return 'unreachable';
  if (options.roundTripMs < GOOD_MS) return 'good';
  if (options.roundTripMs < FAIR_MS) return 'fair';
  return 'poor';
}

/**
 * Times a few small uncached requests to the server. The first only opens the connection (DNS, TLS), so it is not
 * counted when others succeed; the median of the rest is the round trip. A failed or slow request does not count.
 */
export async function checkNetwork(options: { signal?: AbortSignal } = {}): Promise<NetworkCheck> {
  const isOnline = typeof navigator === 'undefined' ? true : navigator.onLine;
  if (!isOnline) return { quality: 'offline', roundTripMs: null, isOnline };
  const times: number[] = [];
  for (let index = 0; index < SAMPLES; index += 1) {
    if (options.signal?.aborted) break;
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(onAbort, TIMEOUT_MS);
    const started = performance.now();
    try {
      const response = await fetch(HEALTH_URL, {
        cache: 'no-store',
        credentials: 'omit',
        signal: controller.signal,
      });
      await response.arrayBuffer();
      times.push(performance.now() - started);
    } catch {
      // Not counted: no answer is what `unreachable` reports when none came back.
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }
  const counted = times.length > 1 ? times.slice(1) : times;
  const median = medianOf(counted);
  const roundTripMs = median === null ? null : Math.round(median);
  return { quality: classifyConnection({ roundTripMs, isOnline }), roundTripMs, isOnline };
}
