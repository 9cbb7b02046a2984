/** Periodic work: `run` every `intervalMs`, and once when the registry starts if `runAtStart`. */
export type Job = {
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
  runAtStart?: boolean;
};

export type JobStats = {
  runs: number;
  failures: number;
  lastDurationMs: number | null;
  lastErrorAt: Date | null;
};

type Entry = {
  job: Job;
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  isAgain: boolean;
};

export type Jobs = ReturnType<typeof createJobs>;

/**
 * The one place for the server's background work (polls, sweeps, delayed deliveries), so that every loop is started,
 * measured and stopped the same way. A job never runs twice at once: a tick while it runs is skipped, but a `kick`
 * or `run` while it runs makes it run once more right after, because the caller has just committed work the running
 * pass may already have looked past. A failing run is logged and counted; the schedule goes on. `stop` clears every
 * timer and waits for what is running, so the database can be closed after it.
 */
export function createJobs(deps: { log: { error: (obj: object, msg: string) => void } }) {
  const entries = new Map<string, Entry>();
  const stats = new Map<string, JobStats>();
  const pending = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let isStarted = false;
  let isStopped = false;

  function statsOf(name: string): JobStats {
    let found = stats.get(name);
    if (!found) {
      found = { runs: 0, failures: 0, lastDurationMs: null, lastErrorAt: null };
      stats.set(name, found);
    }
    return found;
  }

  async function execute(name: string, run: () => Promise<unknown>) {
    const counts = statsOf(name);
    const startedAt = performance.now();
    try {
      await run();
    } catch (error) {
      counts.failures += 1;
      counts.lastErrorAt = new Date();
      deps.log.error({ job: name, err: error }, 'job failed');
    } finally {
      counts.runs += 1;
      counts.lastDurationMs = Math.round(performance.now() - startedAt);
    }
  }

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
          await execute(entry.job.name, entry.job.run);
        } while (entry.isAgain && !isStopped);
      } finally {
        entry.running = null;
      }
    })();
    return entry.running;
  }

  function schedule(entry: Entry) {
    entry.timer = setInterval(() => {
      if (!entry.running) void trigger(entry);
    }, entry.job.intervalMs);
    entry.timer.unref();
    if (entry.job.runAtStart) void trigger(entry);
  }

  function entryOf(name: string): Entry {
    const entry = entries.get(name);
    if (!entry) throw new Error(`no job named ${name}`);
    return entry;
  }

  return {
    register(job: Job) {
      if (entries.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      const entry: Entry = { job, timer: null, running: null, isAgain: false };
      entries.set(job.name, entry);
      statsOf(job.name);
      if (isStarted && !isStopped) schedule(entry);
    },

    /** Starts every schedule (the app's onReady). A job can be run or kicked before this. */
    start() {
      if (isStarted || isStopped) return;
      isStarted = true;
      for (const entry of entries.values()) schedule(entry);
    },

    /** Runs the job now, or once more right after the run under way; resolves when that run is over (never rejects). */
    run(name: string): Promise<void> {
      return trigger(entryOf(name));
    },

    /** After a commit: the work it created is picked up now instead of at the next tick. */
    kick(name: string) {
      void trigger(entryOf(name));
    },

    /** One delayed run, dropped if the registry stops first. Runs under one name may overlap (they are different work). */
    later(options: { name: string; delayMs: number; run: () => Promise<unknown> }) {
      if (isStopped) return;
      statsOf(options.name);
      const timer = setTimeout(() => {
        pending.delete(timer);
        const running = execute(options.name, options.run).finally(() => inFlight.delete(running));
        inFlight.add(running);
      }, options.delayMs);
      timer.unref();
      pending.add(timer);
    },

    /** Clears every timer and waits for the runs under way; nothing runs afterwards. */
    async stop() {
      isStopped = true;
      for (const entry of entries.values()) if (entry.timer) clearInterval(entry.timer);
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      await Promise.all([...[...entries.values()].map((entry) => entry.running), ...inFlight]);
    },

    /** Runs, failures, last duration and last failure per job name. */
    stats(): Record<string, JobStats> {
      return Object.fromEntries([...stats].map(([name, counts]) => [name, { ...counts }]));
    },
  };
}
