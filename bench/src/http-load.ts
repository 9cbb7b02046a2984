import autocannon from 'autocannon';

export type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** Bounded load on a loopback URL; latency percentiles from every response (autocannon has no p95 of its own). */
export async function measureLoad(options: {
  url: string;
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
  /** Headers of each request in turn (e.g. a client address of its own per request behind a trusted proxy). */
  headersOfRequest?: (index: number) => Record<string, string>;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let sent = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        duration: options.seconds,
        connections: options.connections,
        headers: options.headers,
        method: options.method ?? 'GET',
        body: options.body,
        ...(options.headersOfRequest
          ? {
              requests: [
                {
                  setupRequest: (request: autocannon.Request) => {
                    sent += 1;
                    return {
                      ...request,
                      headers: { ...request.headers, ...options.headersOfRequest?.(sent) },
                    };
                  },
                },
              ],
            }
          : {}),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
