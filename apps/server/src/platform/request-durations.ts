/** Upper bounds (seconds) of the request duration buckets: API reads sit in the first few, uploads and seals above. */
const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Series = { buckets: Float64Array; sum: number; count: number };
/** One route's series, by method, then by status class (index 1–5 for 1xx–5xx). */
type RouteEntry = { route: string; byMethod: Map<string, Array<Series | undefined>> };

export type RequestTimer = (method: string, statusCode: number, seconds: number) => void;

type Sample = { metricName: string; labels: Record<string, string | number>; value: number };

/**
 * The request latency histogram, by route pattern, method and status class, kept by hand rather than through
 * prom-client's Histogram: this runs on every request, and the API's fixed per-request cost is a measured goal
 * (decision 0039). An observation is two map reads, a short loop and three additions; prom-client's labelled
 * `observe` hashes its labels object each time (~0.4–0.6 µs measured here). The registry reads it through `get()`,
 * as it reads its own metrics, so the exposition is prom-client's.
 */
export function createRequestDurations(name: string) {
  const routes: RouteEntry[] = [];

  function seriesOf(entry: RouteEntry, method: string, statusClass: number): Series {
    let byStatus = entry.byMethod.get(method);
    if (!byStatus) {
      byStatus = [];
      entry.byMethod.set(method, byStatus);
    }
    let series = byStatus[statusClass];
    if (!series) {
      series = { buckets: new Float64Array(BOUNDS.length + 1), sum: 0, count: 0 };
      byStatus[statusClass] = series;
    }
    return series;
  }

  return {
    name,
    help: 'Time from a request reaching the framework to its response being sent, by route pattern',
    type: 'histogram' as const,
    aggregator: 'sum' as const,
    /** A timer for one route pattern (called once per route, when it is registered). */
    timerFor(route: string): RequestTimer {
      const entry: RouteEntry = { route, byMethod: new Map() };
      routes.push(entry);
      return (method, statusCode, seconds) => {
        const series = seriesOf(entry, method, Math.min(5, Math.max(1, (statusCode / 100) | 0)));
        let bucket = 0;
        while (bucket < BOUNDS.length && seconds > (BOUNDS[bucket] as number)) bucket += 1;
        series.buckets[bucket] = (series.buckets[bucket] as number) + 1;
        series.sum += seconds;
        series.count += 1;
      };
    },
    /** What prom-client's registry reads for the exposition (cumulative buckets, +Inf, sum, count). */
    get() {
      const values: Sample[] = [];
      for (const { route, byMethod } of routes) {
        for (const [method, byStatus] of byMethod) {
          byStatus.forEach((series, statusClass) => {
            if (!series) return;
            const labels = { method, route, status: `${statusClass}xx` };
            let cumulative = 0;
            BOUNDS.forEach((bound, index) => {
              cumulative += series.buckets[index] as number;
              values.push({
                metricName: `${name}_bucket`,
                labels: { ...labels, le: bound },
                value: cumulative,
              });
            });
            values.push({
              metricName: `${name}_bucket`,
              labels: { ...labels, le: '+Inf' },
              value: series.count,
            });
            values.push({ metricName: `${name}_sum`, labels, value: series.sum });
            values.push({ metricName: `${name}_count`, labels, value: series.count });
          });
        }
      }
      return { name, help: this.help, type: this.type, aggregator: this.aggregator, values };
    },
  };
}
