// `npm run bench`: each page's weight as Chromium receives it and Lighthouse's mobile score, beside issue 20's goals;
// the API under load next to a bare node:http server measured in the same run (the ratio is the figure that travels
// between machines), with statements per read and the server's memory (api-reads.ts; `npm run bench -- --only api`
// runs that part alone); realtime fan-out, sealing and the live call.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureApiReads } from './api-reads.ts';
import { measureCallJoin, sharedBrowser } from './call-join.ts';
import { type AcceptStep, measureCallPace } from './call-pace.ts';
import { freePort } from './free-port.ts';
import { type LighthouseFigures, measureLighthouse } from './lighthouse-runs.ts';
import { pageTable } from './page-report.ts';
import { measurePageWeights, type PageWeight } from './page-weight.ts';
import { measureFanout } from './realtime-fanout.ts';
import { measureRecorderLoad, perParticipant } from './recorder-load.ts';
import { formatSealTiming, measureSealTime } from './seal-time.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
/** `--only pages|weights|api|call|call-accept`: one part alone (see each part below). */
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;

async function answers(url: string) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false; // not listening
  }
}

async function startProcess(
  args: string[],
  env: Record<string, string>,
  healthUrl: string,
): Promise<ChildProcess> {
  // Another server on the port would answer the health check and be measured in this one's place.
  if (await answers(healthUrl)) throw new Error(`something already answers ${healthUrl}: stop it first`);
  const child = spawn(TSX, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  // A first start migrates and seeds in a child process before it listens: up to a minute on a busy machine.
  for (let i = 0; i < 240 && !exited; i++) {
    if (await answers(healthUrl)) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error(`server did not start: ${args.join(' ')}`);
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mohar-bench-'));
const appEnv = {
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  // Production refuses to start without these; the bench sends no mail and takes no payment.
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PAYMENTS_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_test_bench',
  RAZORPAY_KEY_SECRET: randomBytes(16).toString('hex'),
  RAZORPAY_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
  SELLER_GSTIN: '27AAACM1234A1Z5',
};
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** The API reads on both engines, each on fresh servers of its own (idle memory is measured before any other load). */
async function runApiPart() {
  const apiDirs: string[] = [];
  try {
    await measureApiReads({
      root: ROOT,
      appEnv,
      postgresUrl,
      seconds: SECONDS,
      connections: CONNECTIONS,
      makeDataDir: async () => {
        const dir = await mkdtemp(path.join(os.tmpdir(), 'mohar-bench-api-'));
        apiDirs.push(dir);
        return dir;
      },
    });
  } finally {
    for (const dir of apiDirs) await rm(dir, { recursive: true, force: true });
  }
}

// `npm run bench -- --only recorder`: the server recorder's CPU and memory per recorded participant (decision 0081).
if (ONLY === 'recorder') {
  await printRecorderLoad();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}

if (ONLY === 'api') {
  await runApiPart();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}

// The pages are weighed as served from the production build `npm start` serves (rebuilt here when stale).
execFileSync(TSX, ['scripts/build-web.ts'], { cwd: ROOT, stdio: 'inherit' });

if (ONLY === 'call-accept') {
  await runAcceptRuns();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}

if (ONLY === 'call') {
  await runCallBench();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}

/** A demo client's session cookie, for the signed-in read. */
async function logInDemoClient(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'client@mohar.example', password: 'mohar-demo-seal-2025' }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`demo login failed: ${res.status}`);
  return cookie;
}

/** The demo client's submitted application (the one awaiting payment), for its view and its API reads. */
async function demoApplicationId(base: string, cookie: string): Promise<string> {
  const listed = (await (await fetch(`${base}/api/v1/applications`, { headers: { cookie } })).json()) as {
    applications: Array<{ _id: string; status: string }>;
  };
  const submitted = listed.applications.find((a) => a.status !== 'draft') ?? listed.applications[0];
  if (!submitted) throw new Error('the demo client has no application');
  return submitted._id;
}

/**
 * Page weight of five pages (a fresh browser context each) and Lighthouse on four of them (median of 3), on the
 * production server before any load case runs, so nothing else competes for the CPU.
 */
async function measurePages(base: string, options: { lighthouse: boolean } = { lighthouse: true }) {
  const cookie = await logInDemoClient(base);
  const applicationId = await demoApplicationId(base, cookie);
  console.log(
    '\nPages as Chromium receives them (fresh context each, everything finished until the network is idle)',
  );
  const weights: PageWeight[] = await measurePageWeights(base, [
    { label: '/home', path: '/home' },
    { label: '/login', path: '/login' },
    { label: '/resources', path: '/resources' },
    { label: 'signed-in dashboard', path: '/dashboard', cookie },
    { label: 'application view', path: `/application-view/${applicationId}`, cookie },
  ]);
  let lighthouse: LighthouseFigures[] | null = null;
  if (options.lighthouse)
    try {
      lighthouse = await measureLighthouse([
        { label: '/home', url: `${base}/home` },
        { label: '/login', url: `${base}/login` },
        { label: '/resources', url: `${base}/resources` },
        { label: 'signed-in dashboard', url: `${base}/dashboard`, cookie },
      ]);
    } catch (error) {
      console.log(`  Lighthouse did not run: ${error instanceof Error ? error.message : String(error)}`);
    }
  console.log(pageTable(weights, lighthouse));
  const encodings = [...new Set(weights.flatMap((w) => w.encodings))].join(', ');
  console.log(
    `  KB = 1,024 bytes. Bodies as sent (content-encoding of JS and CSS: ${encodings}), headers apart; from Chromium's`,
  );
  console.log(
    '  Network.loadingFinished via Playwright request.sizes(). Lighthouse: mobile preset (simulated slow 4G, 4× CPU),',
  );
  console.log(
    '  performance only, 3 runs per page, each figure the median of its runs (every score in brackets).',
  );
  const failed = weights.reduce((n, w) => n + w.failed, 0);
  if (failed > 0) console.log(`  ${failed} requests failed and are not counted.`);
}

// `npm run bench -- --only pages` (page weight and Lighthouse) or `--only weights` (page weight alone): the pages'
// part on its own, for work on the web app's bundles, without the load cases, the call and the seal.
if (ONLY === 'pages' || ONLY === 'weights') {
  const port = await freePort();
  const server = await startProcess(
    ['apps/server/src/main.ts'],
    { ...appEnv, PORT: String(port) },
    `http://127.0.0.1:${port}/api/v1/health`,
  );
  try {
    await measurePages(`http://127.0.0.1:${port}`, { lighthouse: ONLY === 'pages' });
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 800));
    await rm(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}

const servers: ChildProcess[] = [];

try {
  const pagesPort = await freePort();
  servers.push(
    await startProcess(
      ['apps/server/src/main.ts'],
      { ...appEnv, PORT: String(pagesPort) },
      `http://127.0.0.1:${pagesPort}/api/v1/health`,
    ),
  );
  await measurePages(`http://127.0.0.1:${pagesPort}`);
  // The pages' server stops first, so the API part has the machine to itself.
  servers.pop()?.kill('SIGTERM');
  await runApiPart();

  // Realtime fan-out: a development server (its test-notification endpoint), 1,000 sockets of the demo client.
  const realtimeDataDir = await mkdtemp(path.join(os.tmpdir(), 'mohar-bench-rt-'));
  const realtimePort = await freePort();
  const realtimeBase = `http://127.0.0.1:${realtimePort}`;
  const realtime = await startProcess(
    ['apps/server/src/main.ts'],
    {
      DATA_DIR: realtimeDataDir,
      NODE_ENV: 'development',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PORT: String(realtimePort),
    },
    `${realtimeBase}/api/v1/health`,
  );
  servers.push(realtime);
  const fanout = await measureFanout({
    base: realtimeBase,
    cookie: await logInDemoClient(realtimeBase),
    serverPid: realtime.pid ?? 0,
    sockets: 1_000,
    events: 20,
  });
  console.log(
    '\nRealtime fan-out (one process, in-process adapter; the 1,000 clients run in this bench process)',
  );
  console.log(
    `  ${fanout.sockets} sockets × ${fanout.events} events: ${fanout.deliveries} deliveries, creation → client p50 ${fanout.p50} ms, p99 ${fanout.p99} ms, max ${fanout.max} ms`,
  );
  console.log(
    fanout.rssPerSocketKb > 0
      ? `  server memory: ${fanout.rssPerSocketKb.toFixed(1)} KB resident per connected socket`
      : '  server memory: below the noise of resident-memory readings (the server freed more than 1,000 sockets took)',
  );
  await rm(realtimeDataDir, { recursive: true, force: true }).catch(() => undefined);
} finally {
  for (const server of servers) server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 800));
  await rm(dataDir, { recursive: true, force: true });
}

// Sealing (issue 10): the server's seal path run in this process, after the servers have stopped.
console.log(
  '\nSealing (stamp + certificate + PAdES signature, in process; RSA-2048, no TSA; median of 5 after a warm-up)',
);
for (const timing of await measureSealTime()) console.log(formatSealTiming(timing));

// The live session's call (issue 9): its own development server (service hours always open) and Debian's Chromium
// with the fake camera, after the other servers have stopped, so the CPU windows see this server alone.
await runCallBench();

/** The call: one signatory joining again and again (CPU, recorder), then a three-person call's pace (issue 20). */
async function runCallBench() {
  console.log(
    `\nLive session call (Chromium, fake camera and microphone, WebRTC over loopback; ${people()})`,
  );
  const call = await measureCallJoin({ port: await freePort() });
  const joined = call.joinToFirstFrameMs;
  console.log(
    `  "Join now" → first remote frame: median ${joined.median.toFixed(0)} ms (min ${joined.min} ms, max ${joined.max} ms; ${joined.samples.length} joins: ${joined.samples.join(', ')} ms)`,
  );
  const withinNoise = Math.abs(call.cpuPercentPerSession) < 2 * call.cpuNoisePercent;
  console.log(
    `  server CPU per active session: ${call.cpuPercentPerSession.toFixed(1)} ± ${call.cpuNoisePercent.toFixed(1)} % of one core${withinNoise ? ' (within the noise)' : ''}: ${call.activeCpuPercent.toFixed(1)} % in the call less ${call.idleCpuPercent.toFixed(1)} % idle, ${call.cpuSeconds} s each`,
  );
  await printCallPace();
}

/** The server recorder: three-person calls added one at a time (BENCH_RECORDER_SESSIONS, 3 by default). */
async function printRecorderLoad() {
  const sessions = Number(process.env.BENCH_RECORDER_SESSIONS ?? 3);
  const windowSeconds = Number(process.env.BENCH_RECORDER_SECONDS ?? 10);
  console.log(
    `\nServer recorder (werift in the API process; each participant sends ~450 kbit/s of VP8 and Opus; ${windowSeconds} s windows)`,
  );
  const steps = await measureRecorderLoad({ sessions, windowSeconds, port: await freePort() });
  for (const step of steps)
    console.log(
      `  ${String(step.participants).padStart(2)} recorded: ${step.cpuPercent.toFixed(1)} % of one core, RSS ${step.rssMb.toFixed(0)} MB, ${step.storedKbitPerSecond.toFixed(0)} kbit/s stored`,
    );
  const each = perParticipant(steps);
  if (each)
    console.log(
      `  per recorded participant: ${each.cpuPercent.toFixed(1)} % of one core as sent here${each.nominal === null ? '' : `, ${each.nominal.toFixed(1)} % at a full 480 kbit/s stored`}, ${each.rssMb.toFixed(1)} MB RSS; three-person sessions one process can record at 70 % of a core: about ${each.sessionsPerProcess}`,
    );
}

/** How the bench seats the call's people (decision 0043). */
function people() {
  return sharedBrowser()
    ? 'BENCH_SHARED_BROWSER: one browser and one fake camera for everyone'
    : 'one browser and fake camera per person';
}

// Declarations, not arrow constants: `--only call` runs this section before the rest of the module is evaluated.
function seconds(ms: number) {
  return `${(ms / 1000).toFixed(2)} s`;
}
function verdict(ms: number, goalMs: number) {
  return ms < goalMs ? 'OK' : 'OVER GOAL';
}

/** The median of `values` (the mean of the middle two for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Where the accept's time goes: each page's first mark of each step (lib/call-marks.ts), from the accept click,
 * as the median over the runs (with the range), in the order they happen.
 */
function printAcceptSteps(runs: AcceptStep[][]) {
  const firsts = new Map<string, number[]>();
  for (const steps of runs) {
    const seen = new Set<string>();
    for (const { who, step, atMs } of steps) {
      const key = `${who.padEnd(12)} ${step}`;
      if (seen.has(key)) continue;
      seen.add(key);
      firsts.set(key, [...(firsts.get(key) ?? []), atMs]);
    }
  }
  const rows = [...firsts].map(([key, times]) => ({ key, times, mid: median(times) }));
  console.log(`  steps from the accept (first of each, median over ${runs.length} run(s) [min–max]):`);
  for (const { key, times, mid } of rows.sort((a, b) => a.mid - b.mid))
    console.log(
      `    ${seconds(mid).padStart(8)}  [${seconds(Math.min(...times))}–${seconds(Math.max(...times))}]  ${key}${times.length < runs.length ? ` (${times.length} runs)` : ''}`,
    );
}

/**
 * `--only call-accept`: the accept alone, BENCH_ACCEPT_RUNS times (5 by default), each on a fresh server and browser
 * (about a minute each): the figure's median and spread, and the steps that make it up.
 */
async function runAcceptRuns() {
  const count = Number(process.env.BENCH_ACCEPT_RUNS ?? 5);
  console.log(
    `\nAccept → the notary's first remote frame, ${count} runs (three-person call, acceptOnly; ${people()})`,
  );
  const totals: number[] = [];
  const steps: AcceptStep[][] = [];
  for (let run = 1; run <= count; run++) {
    const load = os.loadavg()[0] ?? 0;
    // A port of its own per run: under load a run's server can outlive the 5 s it is given to stop.
    const result = await measureCallPace({ port: await freePort(), pages: 20, acceptOnly: true });
    totals.push(result.acceptToFirstFrameMs);
    steps.push(result.acceptSteps);
    console.log(
      `  run ${run}: ${seconds(result.acceptToFirstFrameMs)} (load average ${load.toFixed(1)} at the start)`,
    );
  }
  console.log(
    `  median ${seconds(median(totals))} (min ${seconds(Math.min(...totals))}, max ${seconds(Math.max(...totals))}; ${totals.map(seconds).join(', ')})   goal < 3.00 s  ${verdict(median(totals), 3000)}`,
  );
  printAcceptSteps(steps);
}

/** Issue 20's three figures for a call of three people (Chromium contexts), each beside its goal. */
async function printCallPace() {
  console.log(
    `\nThree-person call (notary + 2 signatories, 20-page PDF; ${people()}; page clocks, action → every screen)`,
  );
  const pace = await measureCallPace({ port: await freePort(), pages: 20 });
  const worstSignature = Math.max(...pace.signatureShownMs);
  const rows: Array<[string, number, number, string]> = [
    ["accept → notary's first remote frame", pace.acceptToFirstFrameMs, 3000, ''],
    [
      'sign → signature on every screen',
      worstSignature,
      3000,
      `(each: ${pace.signatureShownMs.map(seconds).join(', ')}; per screen ${pace.signatureShownByScreenMs.map((r) => r.map(seconds).join('/')).join('; ')})`,
    ],
    [
      'sign → stamped version drawn everywhere',
      Math.max(...pace.stampedVersionMs),
      3000,
      `(each: ${pace.stampedVersionMs.map(seconds).join(', ')})`,
    ],
    [
      'seal → "notarised" on every screen',
      pace.sealToNotarisedMs,
      5000,
      `(per screen ${pace.sealByScreenMs.map(seconds).join('/')})`,
    ],
  ];
  for (const [label, ms, goal, detail] of rows)
    console.log(
      `  ${label.padEnd(40)} ${seconds(ms).padStart(8)}   goal < ${seconds(goal)}  ${verdict(ms, goal)} ${detail}`,
    );
  printAcceptSteps([pace.acceptSteps]);
}
