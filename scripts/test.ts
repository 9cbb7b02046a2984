// `npm test`: the whole suite, in CI's order — lint and types, unit and integration (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), the web build, then end-to-end journeys in Chromium. Ends with one line CI reads:
// "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
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

function run(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  options: { isolateNetwork?: boolean } = {},
): Promise<number> {
  const binary = path.join(ROOT, 'node_modules/.bin', command);
  const [file, argv] = options.isolateNetwork
    ? ['unshare', ['-n', 'sh', '-c', 'ip link set lo up && exec "$0" "$@"', binary, ...args]]
    : [binary, args];
  return new Promise((resolve) => {
    const child = spawn(file, argv, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('error', (error) => {
      console.error(error);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
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

await rm(TMP, { recursive: true, force: true });
await mkdir(TMP, { recursive: true });

console.log('\n▶ lint and format (biome)');
record('lint', (await run('biome', ['check', '.'])) === 0);

console.log('\n▶ typecheck');
// The same projects as `npm run typecheck`, called directly: npm itself is not in node_modules/.bin.
for (const project of ['packages/contracts', 'apps/server', 'apps/web', 'e2e', 'bench', 'scripts']) {
  record(`typecheck ${project}`, (await run('tsc', ['-p', project])) === 0);
}

console.log('\n▶ unit and integration tests (vitest)');
const vitestJson = path.join(TMP, 'vitest.json');
const vitestCode = await run('vitest', [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const vitest = await readJson<{
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: { name: string; assertionResults: { status: string; fullName: string }[] }[];
}>(vitestJson);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests;
  if (vitest.numFailedTests > 0) failures.push('vitest');
  // CI keeps only the tail of the output: name the failed tests again here, next to the closing line.
  for (const file of vitest.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === 'failed') failedTests.push(`${path.relative(ROOT, file.name)} › ${test.fullName}`);
    }
  }
}
if (!vitest || (vitestCode !== 0 && vitest.numFailedTests === 0)) record('vitest run', false);

console.log('\n▶ web build');
let isBuilt = false;
try {
  await ensureWebBuild();
  isBuilt = true;
} catch (error) {
  console.error(error);
  record('web build', false);
}

if (isBuilt) {
  console.log('\n▶ end-to-end tests (Playwright, Chromium)');
  const e2eJson = path.join(TMP, 'playwright.json');
  const isolateNetwork = canIsolateNetwork();
  console.log(isolateNetwork ? '(in a loopback-only network namespace)' : '(on the host network)');
  const e2eCode = await run(
    'playwright',
    ['test', '-c', 'e2e/playwright.config.ts'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson },
    { isolateNetwork },
  );
  const e2e = await readJson<PlaywrightReport>(e2eJson);
  if (e2e) {
    totals.passed += e2e.stats.expected + e2e.stats.flaky;
    totals.failed += e2e.stats.unexpected;
    totals.skipped += e2e.stats.skipped;
    if (e2e.stats.unexpected > 0) failures.push('e2e');
    failedTests.push(...unexpectedTests(e2e.suites));
  }
  if (!e2e || (e2eCode !== 0 && e2e.stats.unexpected === 0)) record('playwright run', false);
}

if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`);
for (const name of failedTests) console.log(`  ✗ ${name}`);
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exitCode = totals.failed > 0 ? 1 : 0;
