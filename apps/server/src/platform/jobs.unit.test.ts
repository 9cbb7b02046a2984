import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJobs, type Jobs } from './jobs.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, timeoutMs = 3_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}

type Logged = { obj: Record<string, unknown>; msg: string };

const registries: Jobs[] = [];
function registry() {
  const logged: Logged[] = [];
  const jobs = createJobs({
    log: { error: (obj: object, msg: string) => logged.push({ obj: obj as Logged['obj'], msg }) },
  });
  registries.push(jobs);
  return { jobs, logged };
}
afterEach(async () => {
  for (const jobs of registries.splice(0)) await jobs.stop();
});

describe('the job registry', () => {
  it('runs a job on its interval once started, and not before', async () => {
    const { jobs } = registry();
    let runs = 0;
    jobs.register({
      name: 'poll',
      intervalMs: 20,
      run: async () => {
        runs += 1;
      },
    });
    await sleep(80);
    expect(runs).toBe(0);
    await jobs.start();
    expect(runs).toBe(0);
    await waitFor(() => runs >= 3);
    expect(jobs.stats().poll?.runs).toBeGreaterThanOrEqual(3);
  });

  it('runs a job marked runAtStart as soon as it starts', async () => {
    const { jobs } = registry();
    let runs = 0;
    jobs.register({
      name: 'hourly',
      intervalMs: 3_600_000,
      runAtStart: true,
      run: async () => {
        runs += 1;
      },
    });
    await jobs.start();
    await waitFor(() => runs === 1);
  });

  it('never runs one job twice at once: ticks during a run are skipped', async () => {
    const { jobs } = registry();
    let concurrent = 0;
    let maxConcurrent = 0;
    let runs = 0;
    jobs.register({
      name: 'slow',
      intervalMs: 5,
      run: async () => {
        concurrent += 1;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await sleep(40);
        concurrent -= 1;
        runs += 1;
      },
    });
    await jobs.start();
    await waitFor(() => runs >= 3);
    expect(maxConcurrent).toBe(1);
  });

  it('a run asked for during a run makes exactly one more run, and each caller waits for it', async () => {
    const { jobs } = registry();
    let concurrent = 0;
    let maxConcurrent = 0;
    let runs = 0;
    jobs.register({
      name: 'outbox',
      intervalMs: 3_600_000,
      run: async () => {
        concurrent += 1;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await sleep(20);
        concurrent -= 1;
        runs += 1;
      },
    });
    await Promise.all([jobs.run('outbox'), jobs.run('outbox'), jobs.run('outbox'), jobs.run('outbox')]);
    expect(maxConcurrent).toBe(1);
    expect(runs).toBe(2);
    await jobs.run('outbox');
    expect(runs).toBe(3);
  });

  it('a failing run is logged with the job name and counted, and the schedule goes on', async () => {
    const { jobs, logged } = registry();
    let runs = 0;
    jobs.register({
      name: 'flaky',
      intervalMs: 15,
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('database away');
      },
    });
    await jobs.start();
    await waitFor(() => runs >= 3);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.obj.job).toBe('flaky');
    expect(logged[0]?.obj.err).toEqual(new Error('database away'));
    const stats = jobs.stats().flaky;
    expect(stats?.failures).toBe(1);
    expect(stats?.runs).toBeGreaterThanOrEqual(3);
    expect(stats?.lastErrorAt).toBeInstanceOf(Date);
    expect(stats?.lastDurationMs).toBeGreaterThanOrEqual(0);
  });

  it('a kick runs the job now instead of at the next tick', async () => {
    const { jobs } = registry();
    let runs = 0;
    jobs.register({
      name: 'mail',
      intervalMs: 3_600_000,
      run: async () => {
        runs += 1;
      },
    });
    // The hourly timer is faked and never advanced, so only the kick can make the run happen.
    vi.useFakeTimers({ toFake: ['setInterval'] });
    try {
      await jobs.start();
      jobs.kick('mail');
      await waitFor(() => runs === 1);
      expect(jobs.stats().mail?.runs).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stop waits for the run under way, and nothing runs after it', async () => {
    const { jobs } = registry();
    let started = 0;
    let finished = 0;
    const pendingOneShot = { ran: false };
    jobs.register({
      name: 'sweep',
      intervalMs: 10,
      run: async () => {
        started += 1;
        await sleep(60);
        finished += 1;
      },
    });
    jobs.register({
      name: 'webhook',
      deliveries: true,
      run: async () => {
        pendingOneShot.ran = true;
      },
    });
    jobs.later({ name: 'webhook', delayMs: 50, data: {} });
    await jobs.start();
    await waitFor(() => started === 1);
    await jobs.stop();
    expect(finished).toBe(1);
    jobs.kick('sweep');
    await jobs.run('sweep');
    await sleep(100);
    expect(started).toBe(1);
    expect(pendingOneShot.ran).toBe(false);
  });

  it('a delayed delivery runs once after its delay with its own data, counted under its name', async () => {
    const { jobs, logged } = registry();
    const delivered: string[] = [];
    jobs.register({
      name: 'webhook',
      deliveries: true,
      run: async (data) => {
        if (data?.event === 'down') throw new Error('endpoint down');
        delivered.push(String(data?.event));
      },
    });
    jobs.later({ name: 'webhook', delayMs: 30, data: { event: 'captured' } });
    jobs.later({ name: 'webhook', delayMs: 30, data: { event: 'down' } });
    await sleep(10);
    expect(delivered).toEqual([]);
    await waitFor(() => jobs.stats().webhook?.runs === 2);
    expect(delivered).toEqual(['captured']);
    expect(jobs.stats().webhook?.failures).toBe(1);
    expect(logged[0]?.obj.job).toBe('webhook');
  });
});

describe('periodic work on the server', () => {
  it('is started only by the job registry: no other source file calls setInterval', async () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const files = (await readdir(root, { recursive: true })).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    // The in-process registry, and pg-boss's, whose timers only send the period's job.
    const registryFiles = [path.join('platform', 'jobs.ts'), path.join('platform', 'pg-boss-jobs.ts')];
    expect(files).toEqual(expect.arrayContaining(registryFiles));
    // Not work: while a process drains after SIGTERM (the registry already stopped), connections that fall idle are
    // closed every few hundred milliseconds until the server closes.
    registryFiles.push(path.join('platform', 'drain.ts'));
    // Not work either: media timing inside live connections that this process holds (the recorder's watch for a
    // participant whose media stopped, its keyframe requests, and the test peers' frame clock). A queue's job, run
    // by whichever process, could not see them.
    registryFiles.push(
      path.join('modules', 'recorder', 'recorder.service.ts'),
      path.join('modules', 'recorder', 'recorder-peer.ts'),
      path.join('testing', 'media-sender.ts'),
    );
    const offenders: string[] = [];
    for (const file of files) {
      if (registryFiles.includes(file)) continue;
      if ((await readFile(path.join(root, file), 'utf8')).includes('setInterval')) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
