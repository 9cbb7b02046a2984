import type pg from 'pg';
import type { ConstructorOptions, Db, PgBoss, QueueOptions } from 'pg-boss';
import { createJobStats, type Job, type JobLog, type Jobs, jobOf } from './jobs.ts';
import { loadPgBoss } from './lazy-libraries.ts';

/**
 * What every queue gets. A run that throws is retried (5 s, then doubling); a process that dies mid-run stops
 * heartbeating and its run is retried elsewhere about a minute later (pg-boss's monitor pass); an hour is the
 * longest any run may hold its job.
 */
const QUEUE_DEFAULTS: QueueOptions = {
  retryLimit: 3,
  retryDelay: 5,
  retryBackoff: true,
  heartbeatSeconds: 30,
  expireInSeconds: 3_600,
};

/** How long finished runs are kept: at least one period, since a period's record is what keeps it from running twice. */
const keepSeconds = (intervalSeconds: number) => Math.max(3_600, 2 * intervalSeconds);

/** Each worker's own look for jobs when nothing woke it (retries, another process's sends). */
const POLL_BACKSTOP_SECONDS = 10;

/** Tests shorten pg-boss's passes (expiry, maintenance), the queues' retry and expiry, and the workers' polling. */
export type PgBossTuning = {
  boss?: Partial<ConstructorOptions>;
  queue?: QueueOptions;
  pollingIntervalSeconds?: number;
};

type Entry = { job: Job; workerId: string | null; timer: NodeJS.Timeout | null };

/**
 * pg-boss's driver interface over the app's own pool: one pool per process, closed by the app after `stop`. The
 * result goes back as pg gives it (an array of results for a multi-statement text), as pg-boss's own driver does.
 */
export function poolDb(pool: pg.Pool): Db {
  return { executeSql: (text, values) => pool.query(text, values) };
}

/**
 * The registry on pg-boss (PostgreSQL, any number of processes), behind the same interface as the in-process one.
 * Each job is a pg-boss queue with the `stately` policy: at most one run queued and one active, across every
 * process. A period runs once: every process sends its tick throttled to the period (`singletonSeconds`), and the
 * database keeps one job per slot; the worker that wins the fetch runs it. A kick sends a job (dropped when one is
 * already queued: that one will do) and wakes this process's worker. Deliveries (`later`) are jobs of a `standard`
 * queue, started after their delay by whichever process fetches them first, so a restart loses none. `stop` stops
 * the ticks and stops pg-boss gracefully: it waits for the runs under way before the app closes the pool.
 */
export function createPgBossJobs(deps: { log: JobLog; db: Db; tuning?: PgBossTuning | undefined }): Jobs {
  const entries = new Map<string, Entry>();
  const counts = createJobStats(deps.log);
  const held: Array<() => void> = [];
  const sending = new Set<Promise<unknown>>();
  let boss: PgBoss | null = null;
  let isStopped = false;

  /** A send that never throws into its caller (kick is fire-and-forget); a failure is logged. */
  function track(promise: Promise<unknown>) {
    const settled = promise
      .catch((error: unknown) => deps.log.error({ err: error }, 'job queue send failed'))
      .finally(() => sending.delete(settled));
    sending.add(settled);
  }

  async function send(entry: Entry, options: { singletonSeconds?: number }): Promise<string | null> {
    if (!boss || isStopped) return null;
    const id = await boss.send(entry.job.name, null, options);
    if (id && entry.workerId) boss.notifyWorker(entry.workerId);
    return id;
  }

  async function startEntry(started: PgBoss, entry: Entry) {
    const { job } = entry;
    const intervalSeconds =
      job.intervalMs === undefined ? null : Math.max(1, Math.round(job.intervalMs / 1000));
    const options = {
      ...QUEUE_DEFAULTS,
      deleteAfterSeconds: keepSeconds(intervalSeconds ?? 0),
      ...deps.tuning?.queue,
    };
    // pg-boss refuses a named option without a value: a tuning's `undefined` means pg-boss's own default.
    const named: QueueOptions = Object.fromEntries(
      Object.entries(options).filter(([, value]) => value !== undefined),
    );
    await started.createQueue(job.name, { policy: job.deliveries ? 'standard' : 'stately', ...named });
    // A queue made by an earlier release keeps its options until told (its policy and heartbeat cannot change).
    const { heartbeatSeconds: _fixed, ...changeable } = named;
    await started.updateQueue(job.name, changeable);
    entry.workerId = await started.work<Record<string, unknown> | null>(
      job.name,
      // A kick or a tick wakes the worker of the process that sent it, so polling is only the backstop for retries and
      // for another process's jobs; deliveries come due after their delay and are found by polling alone.
      {
        pollingIntervalSeconds:
          deps.tuning?.pollingIntervalSeconds ?? (job.deliveries ? 2 : POLL_BACKSTOP_SECONDS),
        batchSize: 1,
      },
      async ([queued]) => {
        await counts.measure(job.name, () => job.run(queued?.data ?? null));
      },
    );
    if (intervalSeconds === null || job.intervalMs === undefined) return;
    const tick = () => track(send(entry, { singletonSeconds: intervalSeconds }));
    entry.timer = setInterval(tick, job.intervalMs);
    entry.timer.unref();
    if (job.runAtStart) tick();
  }

  /** Until a job's run is over (completed, failed, or waiting for a retry), or the registry stops. */
  async function settled(name: string, id: string) {
    while (boss && !isStopped) {
      const [found] = await boss.findJobs(name, { id });
      if (!found || (found.state !== 'created' && found.state !== 'active')) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  return {
    register(job) {
      if (entries.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      if (boss) throw new Error(`job ${job.name} is registered after the queue started`);
      entries.set(job.name, { job, workerId: null, timer: null });
      counts.statsOf(job.name);
    },

    async start() {
      if (boss || isStopped) return;
      // The schema is created by the migrations (job-queue-schema.ts); the server never migrates it.
      const Boss = await loadPgBoss();
      const started = new Boss({ db: deps.db, migrate: false, schedule: false, ...deps.tuning?.boss });
      started.on('error', (error) => deps.log.error({ err: error }, 'job queue error'));
      await started.start();
      boss = started;
      for (const entry of entries.values()) await startEntry(started, entry);
      for (const release of held.splice(0)) release();
    },

    async run(name) {
      const entry = jobOf(entries, name, 'runs');
      // Before the queue starts (a seed, a script) there is no other process to share the run with.
      if (!boss) return counts.measure(name, () => entry.job.run(null)).catch(() => {});
      try {
        const id = (await send(entry, {})) ?? (await boss.findJobs(name, { queued: true }))[0]?.id;
        if (id) await settled(name, id);
      } catch (error) {
        deps.log.error({ job: name, err: error }, 'job queue run failed');
      }
    },

    kick(name) {
      const entry = jobOf(entries, name, 'runs');
      if (isStopped) return;
      if (!boss) held.push(() => track(send(entry, {})));
      else track(send(entry, {}));
    },

    later({ name, delayMs, data }) {
      jobOf(entries, name, 'deliveries');
      // Seconds after the database's clock, as every other time the queue keeps.
      const deliver = () =>
        track(boss?.send(name, data, { startAfter: delayMs / 1000 }) ?? Promise.resolve());
      if (isStopped) return;
      if (!boss) held.push(deliver);
      else deliver();
    },

    async stop() {
      isStopped = true;
      for (const entry of entries.values()) if (entry.timer) clearInterval(entry.timer);
      await Promise.all(sending);
      // Graceful: waits for the runs under way; the pool is the app's, closed after this.
      await boss?.stop({ graceful: true, close: false });
    },

    stats: () => counts.snapshot(),
  };
}
