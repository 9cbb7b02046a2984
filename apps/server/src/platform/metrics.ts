import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { createRequestDurations } from './request-durations.ts';

type Lag = { waiting: number; oldestSeconds: number };

/** What the gauges and counters read at each scrape; set once the services exist (`watch`). */
export type MetricSources = {
  /** Runs and failures per job name since the process started (the job registry's stats). */
  jobStats: () =>
    | Record<string, { runs: number; failures: number }>
    | Promise<Record<string, { runs: number; failures: number }>>;
  /** Each outbox's waiting rows and the oldest one's age. */
  outboxes: () => Promise<Record<'mail' | 'notifications', Lag>>;
  liveSockets: () => number;
  liveCalls: () => number;
  log: { warn: (obj: object, msg: string) => void };
};

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Node's own process metrics (CPU, memory, event-loop delay, GC), once per process: they start an event-loop monitor
 * and a GC observer that nothing stops, so a second app in the same process (tests build many) reuses them.
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * Prometheus metrics (prom-client) for `GET /metrics`: request latency by route pattern, job runs and failures,
 * outbox lag (mail, notifications), live sockets and calls on this process, seal durations, and Node's own process
 * metrics. Everything but the request timer and the seal histogram is read when scraped, so it costs nothing
 * between scrapes; the request timer is the one per-request cost (request-durations.ts).
 */
export function createMetrics() {
  const registry = new Registry();
  const ofProcess = processMetrics();
  const requests = createRequestDurations('mohar_http_request_duration_seconds');
  registry.registerMetric(requests as unknown as Parameters<Registry['registerMetric']>[0]);
  let sources: MetricSources | null = null;

  const seals = new Histogram({
    name: 'mohar_seal_duration_seconds',
    help: 'Time to attest and seal a document (certificate, certificate page, PAdES signature), by outcome',
    labelNames: ['outcome'],
    buckets: [0.25, 0.5, 1, 2, 3, 5, 10, 30, 60],
    registers: [registry],
  });

  // Jobs' counts live in the registry (jobs.ts): each scrape copies them in.
  const jobCounter = (name: string, help: string, field: 'runs' | 'failures') =>
    new Counter({
      name,
      help,
      labelNames: ['job'],
      registers: [registry],
      async collect() {
        if (!sources) return;
        const stats = await sources.jobStats();
        this.reset();
        for (const [job, counts] of Object.entries(stats)) this.inc({ job }, counts[field]);
      },
    });
  jobCounter('mohar_job_runs_total', 'Runs of each background job since the process started', 'runs');
  jobCounter(
    'mohar_job_failures_total',
    'Failed runs of each background job since the process started',
    'failures',
  );

  // Both outbox gauges are collected in the same scrape (the registry asks every metric at once): one read serves both.
  let outboxRead: Promise<Record<string, Lag> | null> | null = null;
  const readOutboxes = (watched: MetricSources) => {
    outboxRead ??= watched
      .outboxes()
      .catch((error: unknown) => {
        watched.log.warn({ err: error }, 'metrics: outboxes not read');
        return null;
      })
      .finally(() => {
        outboxRead = null;
      });
    return outboxRead;
  };
  const outboxGauge = (name: string, help: string, field: keyof Lag) =>
    new Gauge({
      name,
      help,
      labelNames: ['outbox'],
      registers: [registry],
      async collect() {
        if (!sources) return;
        const outboxes = await readOutboxes(sources);
        // The database did not answer: no sample rather than the last one.
        this.reset();
        for (const [outbox, counts] of Object.entries(outboxes ?? {})) this.set({ outbox }, counts[field]);
      },
    });
  outboxGauge(
    'mohar_outbox_waiting',
    'Rows not yet delivered in each outbox (mail, notifications)',
    'waiting',
  );
  outboxGauge(
    'mohar_outbox_lag_seconds',
    'Age of the oldest row not yet delivered in each outbox (0 when it is empty)',
    'oldestSeconds',
  );
  new Gauge({
    name: 'mohar_live_sockets',
    help: 'Realtime (Socket.IO) connections held by this process',
    registers: [registry],
    collect() {
      if (sources) this.set(sources.liveSockets());
    },
  });
  new Gauge({
    name: 'mohar_live_calls',
    help: 'Video calls with at least one participant connected to this process',
    registers: [registry],
    collect() {
      if (sources) this.set(sources.liveCalls());
    },
  });

  return {
    contentType: registry.contentType,
    async exposition(): Promise<string> {
      const [own, node] = await Promise.all([registry.metrics(), ofProcess.metrics()]);
      return `${own}\n${node}`;
    },
    /**
     * Times every route registered after this call: each gets the timer of its own pattern as a route-level
     * onResponse hook, so a request pays no lookup of its route and no labels object (Fastify measures the time).
     */
    timeRoutes(app: FastifyInstance) {
      app.addHook('onRoute', (route) => {
        const observe = requests.timerFor(route.url ?? route.path);
        const hook = (
          request: { method: string },
          reply: { statusCode: number; elapsedTime: number },
          done: () => void,
        ) => {
          observe(request.method, reply.statusCode, reply.elapsedTime / 1000);
          done();
        };
        const existing = route.onResponse;
        route.onResponse = existing ? [...(Array.isArray(existing) ? existing : [existing]), hook] : [hook];
      });
    },
    observeSeal(options: { seconds: number; outcome: 'done' | 'failed' }) {
      seals.observe({ outcome: options.outcome }, options.seconds);
    },
    /** Connects the scrape-time readings once the services exist. */
    watch(watched: MetricSources) {
      sources = watched;
    },
  };
}
