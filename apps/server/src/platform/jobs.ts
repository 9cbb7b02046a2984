/** JSON a job's run receives: what `later` sent (a delivery), or null for a periodic or kicked run. */
export type JobData = Record<string, unknown>;

/**
 * Background work under one name. Periodic with `intervalMs` (and once at start with `runAtStart`); without it, only
 * when kicked or run. `deliveries`: each run carries its own data, sent with `later`, and runs may overlap (they are
 * different work, like two webhooks).
 */
export type Job = {
  name: string;
  intervalMs?: number;
  runAtStart?: boolean;
  deliveries?: boolean;
  run: (data: JobData | null) => Promise<unknown>;
};

export type JobStats = {
  runs: number;
  failures: number;
  lastDurationMs: number | null;
  lastErrorAt: Date | null;
};

export type JobLog = { error: (obj: object, msg: string) => void };

/**
 * The one place for the server's background work (polls, sweeps, delayed deliveries), so that every loop is started,
 * measured and stopped the same way, in process (createJobs, below) or on pg-boss (pg-boss-jobs.ts) with PostgreSQL.
 */
export type Jobs = {
  register(job: Job): void;
  /** Starts every schedule (the app's onReady). A job can be run or kicked before this. */
  start(): Promise<void>;
  /** Runs the job now, or once more right after the run under way; resolves when that run is over (never rejects). */
  run(name: string): Promise<void>;
  /** After a commit: the work it created is picked up now instead of at the next tick. */
  kick(name: string): void;
  /** One run of a `deliveries` job with this data, after the delay. */
  later(options: { name: string; delayMs: number; data: JobData }): void;
  /** Stops every schedule and waits for the runs under way; nothing runs afterwards. */
  stop(): Promise<void>;
  /** Runs, failures, last duration and last failure per job name, counted in this process. */
  stats(): Record<string, JobStats>;
};

/** Per-name counts, and a runner that keeps them: `measure` counts and rethrows, so each backend decides what a failure does. */
export function createJobStats(log: JobLog) {
  const stats = new Map<string, JobStats>();

  function statsOf(name: string): JobStats {
    let found = stats.get(name);
    if (!found) {
      found = { runs: 0, failures: 0, lastDurationMs: null, lastErrorAt: null };
      stats.set(name, found);
    }
    return found;
  }

  return {
    statsOf,
    async measure(name: string, run: () => Promise<unknown>): Promise<void> {
      const counts = statsOf(name);
      const startedAt = performance.now();
      try {
        await run();
      } catch (error) {
        counts.failures += 1;
        counts.lastErrorAt = new Date();
        log.error({ job: name, err: error }, 'job failed');
        throw error;
      } finally {
        counts.runs += 1;
        counts.lastDurationMs = Math.round(performance.now() - startedAt);
      }
    },
    snapshot(): Record<string, JobStats> {
      return Object.fromEntries([...stats].map(([name, counts]) => [name, { ...counts }]));
    },
  };
}

type Entry = {
  job: Job;
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  isAgain: boolean;
};

/** The entry a call names; a delivery job takes only `later`, any other only `run` and `kick`. */
export function jobOf<E extends { job: Job }>(
  entries: Map<string, E>,
  name: string,
  kind: 'deliveries' | 'runs',
): E {
  const entry = entries.get(name);
  if (!entry) throw new Error(`no job named ${name}`);
  if (Boolean(entry.job.deliveries) !== (kind === 'deliveries'))
    throw new Error(`job ${name} ${kind === 'deliveries' ? 'takes no deliveries' : 'only takes deliveries'}`);
  return entry;
}

/**
 * The registry in this process (the embedded PGlite: one process). A job never runs twice at once: a tick while it
 * runs is skipped, but a `kick` or `run` while it runs makes it run once more right after, because the caller has
 * just committed work the running pass may already have looked past. A failing run is logged and counted; the
 * schedule goes on. `stop` clears every timer and waits for what is running, so the database can be closed after it.
 * A delivery (`later`) waits in a timer: one the registry stops before is dropped.
 */
export function createJobs(deps: { log: JobLog }): Jobs {
  const entries = new Map<string, Entry>();
  const counts = createJobStats(deps.log);
  const pending = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let isStarted = false;
  let isStopped = false;

  const execute = (name: string, run: () => Promise<unknown>) => counts.measure(name, run).catch(() => {});

  function trigger(entry: Entry): Promise<void> {
    if (isStopped) return Promise.resolve();
    if (entry.running) {
      entry.isAgain = true;
      return entry.running;
    }
    entry.running = (async () => {
      try {
        do {
          entry.isAgain = false;
          await execute(entry.job.name, () => entry.job.run(null));
        } while (entry.isAgain && !isStopped);
      } finally {
        entry.running = null;
      }
    })();
    return entry.running;
  }

  function schedule(entry: Entry) {
    const { intervalMs } = entry.job;
    if (intervalMs === undefined) return;
    entry.timer = setInterval(() => {
      if (!entry.running) void trigger(entry);
    }, intervalMs);
    entry.timer.unref();
    if (entry.job.runAtStart) void trigger(entry);
  }

  return {
    register(job) {
      if (entries.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      const entry: Entry = { job, timer: null, running: null, isAgain: false };
      entries.set(job.name, entry);
      counts.statsOf(job.name);
      if (isStarted && !isStopped) schedule(entry);
    },

    async start() {
      if (isStarted || isStopped) return;
      isStarted = true;
      for (const entry of entries.values()) schedule(entry);
    },

    run(name) {
      return trigger(jobOf(entries, name, 'runs'));
    },

    kick(name) {
      void trigger(jobOf(entries, name, 'runs'));
    },

    later({ name, delayMs, data }) {
      const { job } = jobOf(entries, name, 'deliveries');
      if (isStopped) return;
      const timer = setTimeout(() => {
        pending.delete(timer);
        const running = execute(name, () => job.run(data)).finally(() => inFlight.delete(running));
        inFlight.add(running);
      }, delayMs);
      timer.unref();
      pending.add(timer);
    },

    async stop() {
      isStopped = true;
      for (const entry of entries.values()) if (entry.timer) clearInterval(entry.timer);
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      await Promise.all([...[...entries.values()].map((entry) => entry.running), ...inFlight]);
    },

    stats: () => counts.snapshot(),
  };
}
