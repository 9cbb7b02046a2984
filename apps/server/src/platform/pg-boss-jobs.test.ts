import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CRASH_TUNING, FAST_PASSES, waitUntil } from '../testing/job-queue.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.ts';
import type { Job, Jobs } from './jobs.ts';
import { createPgBossJobs, type PgBossTuning, poolDb } from './pg-boss-jobs.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const DAY_MS = 86_400_000;

/**
 * The queue across processes: each registry below is a process's, with a pool of its own on one database, as two
 * servers behind a proxy would be.
 */
describe.skipIf(!onPostgres)('jobs on pg-boss (PostgreSQL)', () => {
  let database: TestDatabase;
  let url: string;
  const pools: pg.Pool[] = [];
  const registries: Jobs[] = [];
  const logged: string[] = [];

  function processJobs(jobs: Job[], tuning: PgBossTuning = { boss: FAST_PASSES }) {
    const pool = new pg.Pool({ connectionString: url, max: 3 });
    pools.push(pool);
    const registry = createPgBossJobs({
      log: { error: (_obj, msg) => logged.push(msg) },
      db: poolDb(pool),
      tuning,
    });
    for (const job of jobs) registry.register(job);
    registries.push(registry);
    return registry;
  }

  const effects = async (step: string) =>
    Number(
      (await database.pool!.query('select count(*) from job_effects where step = $1', [step])).rows[0].count,
    );
  const jobRows = async (name: string) =>
    (await database.pool!.query('select state, retry_count from pgboss.job where name = $1', [name])).rows;

  beforeAll(async () => {
    database = await createTestDatabase();
    url = database.pool!.options.connectionString!;
    await database.pool!.query('create table job_effects (step text not null, at timestamptz default now())');
  });
  afterEach(async () => {
    for (const registry of registries.splice(0)) await registry.stop();
    for (const pool of pools.splice(0)) await pool.end();
    await database.pool!.query('truncate job_effects');
    logged.length = 0;
  });
  afterAll(async () => {
    await database.close();
  });

  it('a period runs once however many processes start in it: two at once, then one restarted', async () => {
    let runs = 0;
    const sweep = (): Job => ({
      name: 'retention',
      intervalMs: DAY_MS,
      runAtStart: true,
      run: async () => {
        runs += 1;
      },
    });
    const first = processJobs([sweep()]);
    const second = processJobs([sweep()]);
    await Promise.all([first.start(), second.start()]);
    await waitUntil(() => runs === 1);
    // A restart in the same period: the start-up run was this period's, done by another process.
    await first.stop();
    const restarted = processJobs([sweep()]);
    await restarted.start();
    await Promise.all([second.stop(), restarted.stop()]);
    expect(runs).toBe(1);
    expect(await jobRows('retention')).toEqual([{ state: 'completed', retry_count: 0 }]);
    const counted = [first, second, restarted].map((registry) => registry.stats().retention?.runs);
    expect(counted.sort()).toEqual([0, 0, 1]);
  });

  it('a short period keeps running, one run at a time across both processes', async () => {
    let running = 0;
    let overlaps = 0;
    let runs = 0;
    const poll = (): Job => ({
      name: 'poll',
      intervalMs: 1_000,
      run: async () => {
        running += 1;
        if (running > 1) overlaps += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        running -= 1;
        runs += 1;
      },
    });
    const first = processJobs([poll()]);
    const second = processJobs([poll()]);
    await Promise.all([first.start(), second.start()]);
    await waitUntil(() => runs >= 2);
    expect(overlaps).toBe(0);
    // One job per period, each run once: as many runs as periods the database recorded.
    await Promise.all([first.stop(), second.stop()]);
    const periods = await jobRows('poll');
    expect(periods.filter((row) => row.state === 'completed')).toHaveLength(runs);
  });

  it('a kick runs the job promptly on the process that kicked, and a kick during a run makes one more run', async () => {
    let runs = 0;
    let release: () => void = () => {};
    const registry = processJobs([
      {
        name: 'mail.send',
        intervalMs: DAY_MS,
        run: async () => {
          runs += 1;
          if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
        },
      },
    ]);
    await registry.start();
    expect(runs).toBe(0);
    registry.kick('mail.send');
    await waitUntil(() => runs === 1, 5_000);
    registry.kick('mail.send');
    registry.kick('mail.send');
    release();
    await waitUntil(() => runs === 2, 5_000);
    await registry.run('mail.send');
    expect(runs).toBe(3);
  });

  it('a run that throws part-way is retried, and its effect is there once', async () => {
    let attempts = 0;
    const registry = processJobs(
      [
        {
          name: 'notaries.commission-checks',
          run: async () => {
            attempts += 1;
            // Idempotent, as every job is: a second pass finds the first's work done.
            await database.pool!.query(
              `insert into job_effects (step) select 'reminded' where not exists (select 1 from job_effects where step = 'reminded')`,
            );
            if (attempts === 1) throw new Error('mail server away');
          },
        },
      ],
      CRASH_TUNING,
    );
    await registry.start();
    registry.kick('notaries.commission-checks');
    await waitUntil(async () => (await jobRows('notaries.commission-checks'))[0]?.state === 'completed');
    expect(attempts).toBe(2);
    expect(await effects('reminded')).toBe(1);
    expect(await jobRows('notaries.commission-checks')).toEqual([{ state: 'completed', retry_count: 1 }]);
    expect(registry.stats()['notaries.commission-checks']).toMatchObject({ runs: 2, failures: 1 });
    expect(logged).toEqual(['job failed']);
  });

  it('a process killed mid-run: another process runs the job again', { timeout: 40_000 }, async () => {
    let child: ChildProcess | null = spawn(
      process.execPath,
      [fileURLToPath(new URL('../testing/job-process.ts', import.meta.url))],
      { env: { ...process.env, JOB_TEST_DB_URL: url }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    try {
      await waitUntil(async () => (await effects('started')) === 1, 20_000);
      child.kill('SIGKILL');
      await new Promise((resolve) => child?.once('exit', resolve));
      child = null;
      const survivor = processJobs(
        [
          {
            name: 'crashy',
            run: async () => {
              await database.pool!.query(`insert into job_effects (step) values ('finished')`);
            },
          },
        ],
        CRASH_TUNING,
      );
      await survivor.start();
      await waitUntil(async () => (await jobRows('crashy'))[0]?.state === 'completed');
      expect(await jobRows('crashy')).toEqual([{ state: 'completed', retry_count: 1 }]);
      expect(await effects('started')).toBe(1);
      expect(await effects('finished')).toBe(1);
    } finally {
      child?.kill('SIGKILL');
    }
  });

  it('a delivery runs once, after its delay, with its data, on whichever process fetches it', async () => {
    const delivered: unknown[] = [];
    const webhook = (): Job => ({
      name: 'payments.sandbox-webhook',
      deliveries: true,
      run: async (data) => {
        delivered.push(data);
      },
    });
    const first = processJobs([webhook()]);
    const second = processJobs([webhook()]);
    await Promise.all([first.start(), second.start()]);
    first.later({ name: 'payments.sandbox-webhook', delayMs: 200, data: { eventId: 'evt_1' } });
    first.later({ name: 'payments.sandbox-webhook', delayMs: 200, data: { eventId: 'evt_2' } });
    await waitUntil(() => delivered.length === 2);
    await Promise.all([first.stop(), second.stop()]);
    expect(delivered).toEqual(expect.arrayContaining([{ eventId: 'evt_1' }, { eventId: 'evt_2' }]));
    expect(delivered).toHaveLength(2);
    const deferred = await database.pool!.query(
      `select count(*) from pgboss.job where name = 'payments.sandbox-webhook' and start_after >= created_on + interval '200 milliseconds'`,
    );
    expect(Number(deferred.rows[0].count)).toBe(2);
  });

  it("a queue made by an earlier release takes this release's retry settings at start", async () => {
    const job = (): Job => ({ name: 'recordings.retention', run: async () => {} });
    const earlier = processJobs([job()], { boss: FAST_PASSES, queue: { retryLimit: 1, retryDelay: 60 } });
    await earlier.start();
    await earlier.stop();
    await processJobs([job()]).start();
    const queue = await database.pool!.query(
      `select retry_limit, retry_delay, policy from pgboss.queue where name = 'recordings.retention'`,
    );
    expect(queue.rows).toEqual([{ retry_limit: 3, retry_delay: 5, policy: 'stately' }]);
  });

  it('stop waits for the run under way, so the database can close after it', async () => {
    let started = false;
    let finished = false;
    const registry = processJobs([
      {
        name: 'sessions.sweep',
        run: async () => {
          started = true;
          await new Promise((resolve) => setTimeout(resolve, 300));
          finished = true;
        },
      },
    ]);
    await registry.start();
    registry.kick('sessions.sweep');
    await waitUntil(() => started);
    await registry.stop();
    expect(finished).toBe(true);
  });
});
