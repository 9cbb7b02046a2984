// `npm test`: the whole suite in two chains side by side (decision 0032). One: the production web build, then the
// end-to-end journeys in Chromium on it. Two: lint and types, then the unit and integration tests (on PostgreSQL when
// TEST_DATABASE_URL is set, with the engine-dependent files on PGlite beside them; else all on PGlite). Prints where
// the time went, then the one line CI reads: "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { ensureWebBuild, ROOT } from './web-build.ts';

const TMP = path.join(ROOT, '.tmp');
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
  /** At a lower CPU priority (NICENESS). */
  nice?: boolean;
}

/**
 * `nice -n 10` for lint and types: they have no time limits, and the build beside them starts the suite's longest
 * chain (build, then the browser journeys), which then gets the cores first. Vitest is not niced: its tests have time
 * limits, and niced beside the journeys on a busy machine they starved and timed out (decision 0032).
 */
const NICENESS = '10';

function run(command: string, args: string[], options: RunOptions = {}): Promise<number> {
  const binary = path.join(ROOT, 'node_modules/.bin', command);
  const niced: [string, string[]] = options.nice
    ? ['nice', ['-n', NICENESS, binary, ...args]]
    : [binary, args];
  const [file, argv]: [string, string[]] = options.isolateNetwork
    ? ['unshare', ['-n', 'sh', '-c', 'ip link set lo up && exec "$0" "$@"', niced[0], ...niced[1]]]
    : niced;
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

/**
 * CPU seconds used by the suite and every process it waited for (Linux's /proc; null elsewhere). Against the wall
 * time on two cores it says how busy the machine was, which the wall times alone cannot on a shared machine.
 */
function cpuSeconds(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command's closing parenthesis, from the 3rd: utime, stime, cutime and cstime are the 14th–17th.
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const ticks = fields.slice(11, 15).reduce((sum, value) => sum + value, 0);
    const perSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
    return ticks / perSecond;
  } catch {
    return null;
  }
}

function printStageTable(totalMs: number) {
  const width = Math.max(...stageTimes.map((entry) => entry.name.length), 'total (wall clock)'.length);
  console.log('\nWhere the time went (each stage from its start; stages that overlap ran side by side):');
  for (const entry of [...stageTimes].sort((a, b) => a.startMs - b.startMs)) {
    const from = `from ${formatDuration(entry.startMs)}`;
    console.log(
      `  ${entry.name.padEnd(width)}  ${from.padEnd(16)}  ${formatDuration(entry.ms).padStart(12)}  ${entry.ok ? 'ok' : 'FAILED'}`,
    );
  }
  console.log(
    `  ${'total (wall clock)'.padEnd(width)}  ${''.padEnd(16)}  ${formatDuration(totalMs).padStart(12)}`,
  );
  const cpu = cpuSeconds();
  if (cpu !== null) {
    const busy = Math.round((100 * cpu) / (totalMs / 1000) / availableParallelism());
    console.log(
      `  CPU time ${formatDuration(cpu * 1000)}: ${busy}% of ${availableParallelism()} cores over the run`,
    );
  }
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
  testResults: { name: string; assertionResults: { status: string; fullName: string }[] }[];
}

/** Runs vitest on some projects and adds its results to the totals. */
async function runVitest(options: { label: string; projects: string[]; maxWorkers: number }) {
  const json = path.join(TMP, `vitest-${options.label}.json`);
  const code = await run(
    'vitest',
    [
      'run',
      ...options.projects.flatMap((project) => ['--project', project]),
      `--maxWorkers=${options.maxWorkers}`,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${json}`,
    ],
    { buffered: true },
  );
  const report = await readJson<VitestReport>(json);
  if (report) {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests;
    if (report.numFailedTests > 0) failures.push(`vitest (${options.label})`);
    // CI keeps only the tail of the output: name the failed tests again here, next to the closing line.
    for (const file of report.testResults) {
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

const suiteStarted = performance.now();
await rm(TMP, { recursive: true, force: true });
await mkdir(TMP, { recursive: true });

/**
 * Lint and types, then the two Vitest passes: everything but the build and the browser journeys (decision 0032).
 * Vitest waits for the build too: its build tests would otherwise start a second build writing the same folder.
 */
async function checksBesideTheBrowsers(built: Promise<boolean>) {
  await Promise.all([
    stage(
      'lint (biome)',
      async () => run('biome', ['check', '.'], { buffered: true, nice: true }),
      (code) => code === 0,
    ).then((code) => record('lint', code === 0)),
    stage(
      'types (tsc -b)',
      async () => run('tsc', ['-b'], { buffered: true, nice: true }),
      (code) => code === 0,
    ).then((code) => record('typecheck', code === 0)),
  ]);
  await built;
  await Promise.all([
    stage(
      `unit + integration (${mainEngine})`,
      () => runVitest({ label: 'main', projects: ['contracts', 'web', 'server'], maxWorkers: 2 }),
      (ok) => ok,
    ),
    withPostgres
      ? stage(
          'engine pass (PGlite)',
          () => runVitest({ label: 'engine', projects: ['server-pglite'], maxWorkers: 1 }),
          (ok) => ok,
        )
      : Promise.resolve(),
  ]);
}

/** The production web build, which the browser journeys and Vitest's build tests read. */
function webBuild(): Promise<boolean> {
  return stage(
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
}

async function endToEnd() {
  console.log('\n▶ end-to-end tests (Playwright, Chromium)');
  const e2eJson = path.join(TMP, 'playwright.json');
  const isolateNetwork = canIsolateNetwork();
  console.log(isolateNetwork ? '(in a loopback-only network namespace)' : '(on the host network)');
  const e2eCode = await stage(
    'end-to-end (Playwright)',
    () =>
      run('playwright', ['test', '-c', 'e2e/playwright.config.ts'], {
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson },
        isolateNetwork,
      }),
    (code) => code === 0,
  );
  const e2e = await readJson<PlaywrightReport>(e2eJson);
  if (e2e) {
    totals.passed += e2e.stats.expected + e2e.stats.flaky;
    totals.failed += e2e.stats.unexpected;
    totals.skipped += e2e.stats.skipped;
    if (e2e.stats.unexpected > 0) failures.push('e2e');
    if (e2e.stats.flaky > 0) console.log(`\n${e2e.stats.flaky} end-to-end test(s) passed only on a retry.`);
    failedTests.push(...unexpectedTests(e2e.suites));
  }
  if (!e2e || (e2eCode !== 0 && e2e.stats.unexpected === 0)) record('playwright run', false);
}

// With PostgreSQL, the main Vitest pass runs the server's tests on it and a second pass runs the engine-dependent
// files (vitest.config.ts) on PGlite beside it, on one worker. Without it, the main pass runs on PGlite alone.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const mainEngine = withPostgres ? 'PostgreSQL' : 'PGlite';

// Two chains side by side from the start. The browser journeys need only the web build, and build + journeys is the
// longest chain. Lint, types and Vitest need nothing from it: they run beside it, on the cores the browsers leave idle
// while they wait on pages, timers and the call's media (they used about 40% of two cores when run alone).
console.log(
  `\n▶ the web build then the browser journeys, beside lint, types and Vitest (on ${mainEngine}${withPostgres ? '; the engine pass on PGlite beside it' : ''})`,
);
const built = webBuild();
await Promise.all([built.then((ok) => (ok ? endToEnd() : undefined)), checksBesideTheBrowsers(built)]);

printStageTable(performance.now() - suiteStarted);
if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`);
for (const name of failedTests) console.log(`  ✗ ${name}`);
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exitCode = totals.failed > 0 ? 1 : 0;
