// `npm test`: the whole suite — lint, types and the production web build side by side; unit and integration tests
// (PGlite, and beside them the engine-dependent files on PostgreSQL when TEST_DATABASE_URL is set); then end-to-end
// journeys in Chromium. Prints where the time went, then the one line CI reads: "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { isRedisUp, REDIS_URL } from '../apps/server/src/testing/redis.ts';
import { bridgeOut } from '../apps/server/src/testing/service-bridge.ts';
import { ensureWebBuild, ROOT } from './web-build.ts';

const TMP = path.join(ROOT, '.tmp');
/** Vitest's CPU priority beside the browsers (decision 0078); SUITE_JOURNEY=last runs it at the normal one. */
const VITEST_NICE = process.env.SUITE_JOURNEY === 'last' ? 0 : 10;
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];
const failedTests: string[] = [];

/**
 * The browser journeys run in a network namespace with only the loopback device when the machine allows it
 * (root, `unshare`): every WebRTC candidate is then 127.0.0.1, as toolchain-notes.md recommends for calls, and
 * nothing in the suite can reach the outside world by accident. Elsewhere they run as they are.
 */
function canIsolateNetwork(): boolean {
  const probe = spawnSync('unshare', ['-n', 'sh', '-c', 'ip link set lo up'], { stdio: 'ignore' });
  return probe.status === 0;
}

interface RunOptions {
  env?: Record<string, string>;
  isolateNetwork?: boolean;
  /** Keep the output and print it in one piece when the command ends (for commands that run side by side). */
  buffered?: boolean;
  /** A lower CPU priority (`nice -n`): the command takes what the others leave. */
  nice?: number;
}

function run(command: string, args: string[], options: RunOptions = {}): Promise<number> {
  const binary = path.join(ROOT, 'node_modules/.bin', command);
  const [file, argv] = options.isolateNetwork
    ? ['unshare', ['-n', 'sh', '-c', 'ip link set lo up && exec "$0" "$@"', binary, ...args]]
    : options.nice
      ? ['nice', ['-n', String(options.nice), binary, ...args]]
      : [binary, args];
  return new Promise((resolve) => {
    const child = spawn(file, argv, {
      cwd: ROOT,
      stdio: options.buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...options.env },
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => {
      console.error(error);
      resolve(1);
    });
    child.on('close', (code, signal) => {
      if (options.buffered) process.stdout.write(Buffer.concat(output));
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

interface StageTime {
  name: string;
  /** When the stage started, from the suite's start. */
  startMs: number;
  ms: number;
  ok: boolean;
}
const stageTimes: StageTime[] = [];
const suiteStarted = performance.now();

/** Runs one stage of the suite and keeps its wall time for the table printed before the closing line. */
async function stage<T>(name: string, work: () => Promise<T>, isOk: (result: T) => boolean): Promise<T> {
  const started = performance.now();
  const result = await work();
  stageTimes.push({
    name,
    startMs: started - suiteStarted,
    ms: performance.now() - started,
    ok: isOk(result),
  });
  return result;
}

function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

function printStageTable(totalMs: number) {
  const width = Math.max(...stageTimes.map((entry) => entry.name.length), 'total (wall clock)'.length);
  console.log('\nWhere the time went (stages overlap: each starts when what it needs is done):');
  console.log(`  ${'stage'.padEnd(width)}  ${'started at'.padStart(12)}  ${'took'.padStart(12)}`);
  for (const entry of [...stageTimes].sort((a, b) => a.startMs - b.startMs)) {
    console.log(
      `  ${entry.name.padEnd(width)}  ${formatDuration(entry.startMs).padStart(12)}  ${formatDuration(entry.ms).padStart(12)}  ${entry.ok ? 'ok' : 'FAILED'}`,
    );
  }
  console.log(`  ${'total (wall clock)'.padEnd(width)}  ${formatDuration(totalMs).padStart(12)}`);
}

function record(step: string, ok: boolean) {
  if (ok) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(step);
  }
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; file: string; tests: { status: string }[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PlaywrightSuite[];
}

function unexpectedTests(suites: PlaywrightSuite[] = [], prefix = ''): string[] {
  return suites.flatMap((suite) => {
    const title = prefix ? `${prefix} › ${suite.title}` : suite.title;
    const own = (suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === 'unexpected'))
      .map((spec) => `${title} › ${spec.title}`);
    return [...own, ...unexpectedTests(suite.suites, title)];
  });
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { status: string; fullName: string }[];
  }[];
}

/** Runs vitest on some projects and adds its results to the totals. */
async function runVitest(options: {
  label: string;
  projects: string[];
  buffered: boolean;
  maxWorkers: number;
  /** More arguments for vitest (e.g. a tags filter). */
  args?: string[];
  /** Whether its skipped tests count as skipped: not for a pass whose filter leaves out tests that ran in another. */
  countSkipped?: boolean;
}) {
  const json = path.join(TMP, `vitest-${options.label}.json`);
  const code = await run(
    'vitest',
    [
      'run',
      ...options.projects.flatMap((project) => ['--project', project]),
      `--maxWorkers=${options.maxWorkers}`,
      ...(options.args ?? []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${json}`,
    ],
    { buffered: options.buffered, nice: VITEST_NICE },
  );
  const report = await readJson<VitestReport>(json);
  if (report) {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    if (options.countSkipped !== false) totals.skipped += report.numPendingTests;
    if (report.numFailedTests > 0 || report.testResults.some((file) => file.status === 'failed'))
      failures.push(`vitest (${options.label})`);
    // CI keeps only the tail of the output: name the failed tests again here, next to the closing line.
    for (const file of report.testResults) {
      // A file that fails outside its tests (its set-up threw) reports them skipped, not failed: count it once.
      if (file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')) {
        totals.failed += 1;
        failedTests.push(`${path.relative(ROOT, file.name)} › (the file's set-up failed)`);
      }
      for (const test of file.assertionResults) {
        if (test.status === 'failed')
          failedTests.push(`${path.relative(ROOT, file.name)} › ${test.fullName}`);
      }
    }
  }
  const ok = Boolean(report) && code === 0;
  if (!report || (code !== 0 && report.numFailedTests === 0)) record(`vitest run (${options.label})`, false);
  return ok;
}

await rm(TMP, { recursive: true, force: true });
await mkdir(TMP, { recursive: true });

/**
 * Runs Playwright on some of its projects in its own loopback-only network namespace when the machine allows it, and
 * adds its results to the totals. Each run starts its own two servers (playwright.config.ts).
 */
async function runPlaywright(
  label: string,
  options: { config: string; projects: string[]; env?: Record<string, string> },
): Promise<boolean> {
  const json = path.join(TMP, `playwright-${label}.json`);
  const code = await run(
    'playwright',
    ['test', '-c', options.config, ...options.projects.flatMap((project) => ['--project', project])],
    { env: { ...options.env, PLAYWRIGHT_JSON_OUTPUT_NAME: json }, isolateNetwork },
  );
  const e2e = await readJson<PlaywrightReport>(json);
  if (e2e) {
    totals.passed += e2e.stats.expected + e2e.stats.flaky;
    totals.failed += e2e.stats.unexpected;
    totals.skipped += e2e.stats.skipped;
    if (e2e.stats.unexpected > 0) failures.push(`e2e (${label})`);
    if (e2e.stats.flaky > 0)
      console.log(`\n${e2e.stats.flaky} end-to-end test(s) (${label}) passed only on a retry.`);
    failedTests.push(...unexpectedTests(e2e.suites));
  }
  if (!e2e || (code !== 0 && e2e.stats.unexpected === 0)) record(`playwright run (${label})`, false);
  return Boolean(e2e) && code === 0;
}

/**
 * The live-session journey. On two processes inside the loopback-only namespace, PostgreSQL and Redis reach it through
 * socket files (apps/server/src/testing/service-bridge.ts), held open here for the run.
 */
async function runJourney(onCluster: boolean): Promise<boolean> {
  const env: Record<string, string> = onCluster ? { E2E_JOURNEY_BACKEND: 'cluster' } : {};
  let closeBridge: (() => Promise<unknown>) | undefined;
  if (onCluster && isolateNetwork) {
    const dir = path.join(TMP, 'journey-services');
    await mkdir(dir, { recursive: true });
    const database = new URL(process.env.TEST_DATABASE_URL ?? '');
    const redis = new URL(REDIS_URL);
    closeBridge = await bridgeOut(dir, {
      postgres: { host: database.hostname, port: Number(database.port || 5432) },
      redis: { host: redis.hostname, port: Number(redis.port || 6379) },
    });
    env.E2E_SERVICE_SOCKETS = dir;
  }
  try {
    return await runPlaywright('journey', {
      config: 'e2e/playwright.journey.config.ts',
      projects: ['journey'],
      env,
    });
  } finally {
    await closeBridge?.();
  }
}

// The plan, as two chains that start together (decision 0044):
// - the web build, then the browser tests other than the live-session journey (Playwright, Chromium);
// - lint and types, then (once the build is there too: Vitest's build tests read it) the unit and integration tests.
// Neither chain keeps two cores busy on its own (they wait on servers, databases and pages), so together they fill
// the machine. Then, once the browser tests are done, the live-session journey: its three pages with live video take
// more than half the machine, and decision 0032 measured it starving beside Vitest, so Vitest runs at a lower CPU
// priority (`nice`, VITEST_NICE): the browsers take the cores they need and Vitest the rest, instead of the journey
// waiting for Vitest's last files on a half-idle machine (decision 0078).
// With PostgreSQL, Vitest's main pass runs the server's tests on it and a second pass runs the engine-dependent files
// (vitest.config.ts) on PGlite beside it, on one worker. Without it, the main pass runs on PGlite alone.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Decision 0078: `SUITE_JOURNEY=last` restores the journey after everything (decision 0044), for comparison. */
const journeyLast = process.env.SUITE_JOURNEY === 'last';
const mainEngine = withPostgres ? 'PostgreSQL' : 'PGlite';
const isolateNetwork = canIsolateNetwork();
console.log(
  `\n▶ lint (biome), types (tsc -b) and the web build; then the browser tests but the live session (Playwright, ` +
    `Chromium${isolateNetwork ? ', in a loopback-only network namespace' : ''}) beside the unit and integration tests ` +
    `(Vitest, on ${mainEngine}${withPostgres ? '; the engine pass on PGlite beside it' : ''})`,
);

const built = stage(
  'web build (production)',
  async () => {
    try {
      console.log(`web build: ${await ensureWebBuild()}`);
      return true;
    } catch (error) {
      console.error(error);
      record('web build', false);
      return false;
    }
  },
  (ok) => ok,
);
const checked = Promise.all([
  stage(
    'lint (biome)',
    async () => run('biome', ['check', '.'], { buffered: true }),
    (code) => code === 0,
  ).then((code) => record('lint', code === 0)),
  stage(
    'types (tsc -b)',
    async () => run('tsc', ['-b'], { buffered: true }),
    (code) => code === 0,
  ).then((code) => record('typecheck', code === 0)),
]);
const browser = built.then((isBuilt) =>
  isBuilt
    ? stage(
        'end-to-end but the live session (Playwright)',
        () => runPlaywright('browser', { config: 'e2e/playwright.config.ts', projects: ['chromium'] }),
        (ok) => ok,
      )
    : undefined,
);
const unitAndIntegration = Promise.all([checked, built]).then(() =>
  Promise.all([
    stage(
      `unit + integration (${mainEngine})`,
      () =>
        runVitest({
          label: 'main',
          projects: ['contracts', 'web', 'server'],
          buffered: true,
          // Three: at a lower priority beside the browsers they take what is left, and alone at the end two left
          // the machine half idle while they waited on PostgreSQL and timers (decision 0078).
          maxWorkers: 3,
        }),
      (ok) => ok,
    ),
    withPostgres
      ? stage(
          'engine pass (PGlite)',
          // Only the tests whose rule rests on the engine (tagged `engine`): the rest ran on PostgreSQL (decision 0056).
          () =>
            runVitest({
              label: 'engine',
              projects: ['server-pglite'],
              buffered: true,
              maxWorkers: 1,
              args: ['--tags-filter=engine'],
              countSkipped: false,
            }),
          (ok) => ok,
        )
      : undefined,
  ]),
);
async function journeyStage() {
  if (!(await built)) return;
  // On two server processes behind a round-robin proxy (decision 0047) whenever PostgreSQL and Redis are there (CI
  // has both): about 25–30 core-s more than on one process (decision 0083), for what only it checks — a call across
  // processes and a rolling restart that loses no recording. `E2E_JOURNEY_BACKEND=single` keeps it on one process.
  const onCluster = process.env.E2E_JOURNEY_BACKEND !== 'single' && withPostgres && isRedisUp;
  console.log(
    `\n▶ the live-session journey (Playwright, Chromium)${journeyLast ? ', alone' : ''}${onCluster ? ', on two processes (PostgreSQL, Redis, S3)' : ''}`,
  );
  await stage(
    `end-to-end: the live session${onCluster ? ' on two processes' : ''} (Playwright)`,
    () => runJourney(onCluster),
    (ok) => ok,
  );
}
await Promise.all([
  journeyLast ? Promise.all([browser, unitAndIntegration]).then(journeyStage) : browser.then(journeyStage),
  unitAndIntegration,
]);

printStageTable(performance.now() - suiteStarted);
if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`);
for (const name of failedTests) console.log(`  ✗ ${name}`);
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exitCode = totals.failed > 0 ? 1 : 0;
