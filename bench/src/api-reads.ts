// The API part of `npm run bench` (`npm run bench -- --only api` runs it alone): each read under load as a ratio
// to a bare `node:http` server measured in the same run, on PGlite and on PostgreSQL, with the statements each read
// sends, the server's idle memory and what a 20-second burst of sign-ins adds to it; printed beside issue 20's goals.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import {
  type DatabaseHandle,
  PGLITE_START_PARAMS,
  wrapPglite,
  wrapPostgres,
} from '../../apps/server/src/db/client.ts';
import { createEncryptedBlobStore } from '../../apps/server/src/platform/blob-encryption.ts';
import { createLocalBlobStore } from '../../apps/server/src/platform/blob-store.ts';
import { loadEncryptionKeys } from '../../apps/server/src/platform/crypto.ts';
import { SERVER_NODE_FLAGS, serverEnv } from '../../apps/server/src/server-process.ts';
import {
  countPgliteQueries,
  countPostgresQueries,
  createQueryLog,
  type QueryLog,
} from '../../apps/server/src/testing/query-counter.ts';
import { freePort } from './free-port.ts';
import { type LoadResult, measureLoad } from './http-load.ts';

const DEMO_CLIENT = { email: 'client@mohar.example', password: 'mohar-demo-seal-2025' };
const BURST_SECONDS = 20;
/**
 * What Chromium sends with every request: the reads are measured as a browser receives them (the blog list is kept
 * compressed per coding and sent as is; a signed-in answer over the server's threshold is compressed per request).
 */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

type Engine = 'PGlite' | 'PostgreSQL';
type ReadCase = { label: string; path: string; signedIn: boolean; goal: 'signed-in' | 'blogs' | null };

const READS: ReadCase[] = [
  { label: 'GET /blogs', path: '/api/v1/blogs', signedIn: false, goal: 'blogs' },
  { label: 'GET /blogs/:id', path: '/api/v1/blogs/what-is-e-notarisation', signedIn: false, goal: null },
  { label: 'GET /health (db)', path: '/api/v1/health', signedIn: false, goal: null },
  { label: 'GET /session', path: '/api/v1/session', signedIn: true, goal: 'signed-in' },
  { label: 'GET /applications', path: '/api/v1/applications', signedIn: true, goal: 'signed-in' },
  { label: 'GET /applications/:id', path: '/api/v1/applications/:id', signedIn: true, goal: 'signed-in' },
  { label: 'GET /wallet/transactions', path: '/api/v1/wallet/transactions', signedIn: true, goal: null },
  {
    label: 'GET /applications/:id/payment',
    path: '/api/v1/applications/:id/payment',
    signedIn: true,
    goal: null,
  },
];

type ReadFigures = ReadCase & { load: LoadResult; ratio: number; queries: number | null };
type EngineReport = {
  engine: Engine;
  bare: LoadResult;
  reads: ReadFigures[];
  idleRssMb: number;
  burst: { beforeMb: number; peakMb: number; logins: LoadResult };
};

const mb = (kb: number) => kb / 1024;

async function rssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

async function startServer(options: {
  root: string;
  args: string[];
  env: Record<string, string>;
  healthUrl: string;
}): Promise<ChildProcess> {
  // Node itself, as `npm start` runs the server (scripts/start.ts; Node strips the types, decision 0064). Through tsx
  // the server carried tsx's loader and its esbuild service: ~30 MB more at rest than what people run.
  const child = spawn(process.execPath, options.args, {
    cwd: options.root,
    env: serverEnv({ ...process.env, ...options.env }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 720; i++) {
    try {
      if ((await fetch(options.healthUrl)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error(`server did not start: ${options.args.join(' ')}`);
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
}

async function logIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_CLIENT),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`demo login failed: ${res.status}`);
  return cookie;
}

async function submittedApplicationId(get: (url: string) => Promise<unknown>): Promise<string> {
  const listed = (await get('/api/v1/applications')) as {
    applications: Array<{ _id: string; status: string }>;
  };
  const submitted = listed.applications.find((a) => a.status !== 'draft') ?? listed.applications[0];
  if (!submitted) throw new Error('the demo client has no application');
  return submitted._id;
}

/**
 * Statements per read, counted at the driver in this process on the database the server just used (it has
 * stopped: PGlite opens a folder once at a time). The fewest of five: the second and later reads are the steady
 * state (the session found in its cache), and a background job's tick cannot land in all five.
 */
async function countQueries(options: {
  appEnv: Record<string, string>;
  dataDir: string;
  databaseUrl?: string;
}): Promise<Map<string, number>> {
  const log: QueryLog = createQueryLog();
  let database: DatabaseHandle;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
    countPostgresQueries(pool, log);
    database = wrapPostgres(pool);
  } else {
    const client = await PGlite.create(path.join(options.dataDir, 'pglite'), {
      startParams: PGLITE_START_PARAMS,
    });
    // Wrapped first, so the count sees the statements it sends as named ones too.
    database = wrapPglite(client);
    countPgliteQueries(client, log);
  }
  const config = loadConfig({
    ...options.appEnv,
    LOG_LEVEL: 'silent',
    DATA_DIR: options.dataDir,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  });
  const keys = await loadEncryptionKeys({
    configured: config.encryptionKey,
    configuredPrevious: undefined,
    dataDir: options.dataDir,
  });
  const app = await buildApp({
    config,
    database,
    blobStore: createEncryptedBlobStore(createLocalBlobStore(path.join(options.dataDir, 'blobs')), keys),
    encryptionKey: keys.current,
    webRoot: null,
    logger: false,
    logRequests: false,
  });
  const counts = new Map<string, number>();
  try {
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/v1/login', payload: DEMO_CLIENT });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const get = async (url: string) => (await app.inject({ url, headers: { cookie } })).json() as unknown;
    const id = await submittedApplicationId(get);
    for (const read of READS) {
      const url = read.path.replace(':id', id);
      let fewest = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 5; i++) {
        const from = log.count;
        const res = await app.inject({ url, headers: read.signedIn ? { cookie } : {} });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        fewest = Math.min(fewest, log.count - from);
      }
      counts.set(read.label, fewest);
    }
  } finally {
    await app.close();
    await database.close();
  }
  return counts;
}

/** Idle memory, every read under load, then the sign-in burst (last: it leaves memory behind), on one engine. */
async function measureEngine(options: {
  engine: Engine;
  root: string;
  appEnv: Record<string, string>;
  dataDir: string;
  databaseUrl?: string;
  port: number;
  bareUrl: string;
  seconds: number;
  connections: number;
}): Promise<EngineReport> {
  const base = `http://127.0.0.1:${options.port}`;
  const env = {
    ...options.appEnv,
    DATA_DIR: options.dataDir,
    PORT: String(options.port),
    // The burst gives each sign-in an address of its own, as real people have (per-address limits stay out of it).
    TRUST_PROXY: 'true',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
  const server = await startServer({
    root: options.root,
    // As `npm start` runs it (scripts/start.ts): its Node flags and allocator settings (decision 0019).
    args: [...SERVER_NODE_FLAGS, 'apps/server/src/main.ts'],
    env,
    healthUrl: `${base}/api/v1/health`,
  });
  try {
    const pid = server.pid ?? 0;
    // Idle: started, seeded, one request of each kind served, then ten quiet seconds.
    const cookie = await logIn(base);
    const get = async (url: string) =>
      (await fetch(`${base}${url}`, { headers: { cookie } })).json() as unknown;
    const id = await submittedApplicationId(get);
    for (const read of READS) await fetch(`${base}${read.path.replace(':id', id)}`, { headers: { cookie } });
    await new Promise((r) => setTimeout(r, 10_000));
    const idleRssMb = mb(await rssKb(pid));

    console.log(
      `\n${options.engine}: HTTP under load (autocannon, ${options.connections} connections, ${options.seconds} s each, loopback)`,
    );
    await measureLoad({ url: options.bareUrl, seconds: 1, connections: 2 });
    const bare = await measureLoad({
      url: options.bareUrl,
      seconds: options.seconds,
      connections: options.connections,
    });
    const reads: ReadFigures[] = [];
    for (const read of READS) {
      const url = `${base}${read.path.replace(':id', id)}`;
      const headers = read.signedIn ? { ...BROWSER_ENCODINGS, cookie } : BROWSER_ENCODINGS;
      await measureLoad({ url, seconds: 1, connections: 2, headers });
      const load = await measureLoad({
        url,
        seconds: options.seconds,
        connections: options.connections,
        headers,
      });
      reads.push({ ...read, load, ratio: load.requestsPerSecond / bare.requestsPerSecond, queries: null });
    }

    const beforeMb = mb(await rssKb(pid));
    let peakKb = 0;
    const sampler = setInterval(() => {
      void rssKb(pid).then((kb) => {
        peakKb = Math.max(peakKb, kb);
      });
    }, 200);
    const logins = await measureLoad({
      url: `${base}/api/v1/login`,
      method: 'POST',
      body: JSON.stringify(DEMO_CLIENT),
      headers: { 'content-type': 'application/json' },
      headersOfRequest: (n) => ({ 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` }),
      seconds: BURST_SECONDS,
      connections: options.connections,
    });
    clearInterval(sampler);
    peakKb = Math.max(peakKb, await rssKb(pid));
    return {
      engine: options.engine,
      bare,
      reads,
      idleRssMb,
      burst: { beforeMb, peakMb: mb(peakKb), logins },
    };
  } finally {
    await stopServer(server);
  }
}

const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');

function goalOf(engine: Engine, read: ReadFigures): string {
  if (read.goal === 'blogs') {
    const met = read.ratio >= 0.5;
    return `≥ 50 % of bare: ${met ? 'met' : 'not met'}`;
  }
  if (read.goal === 'signed-in') {
    const budget = engine === 'PostgreSQL' ? 10 : 20;
    const p95Met = read.load.p95 < budget;
    const parts = [`p95 < ${budget} ms: ${p95Met ? 'met' : 'not met'}`];
    if (engine === 'PostgreSQL') parts.push(`≥ 10 % of bare: ${read.ratio >= 0.1 ? 'met' : 'not met'}`);
    return parts.join('; ');
  }
  return '—';
}

export function apiTable(reports: EngineReport[]): string {
  const lines = [
    '| engine | read | req/s | % of bare node:http | p50 ms | p95 ms | statements per read | errors | goal |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const report of reports) {
    lines.push(
      `| ${report.engine} | bare node:http | ${fixed(report.bare.requestsPerSecond, 0)} | 100 | ${fixed(report.bare.p50)} | ${fixed(report.bare.p95)} | — | ${report.bare.errors + report.bare.non2xx} | — |`,
    );
    for (const read of report.reads) {
      lines.push(
        `| ${report.engine} | ${read.label} | ${fixed(read.load.requestsPerSecond, 0)} | ${fixed(read.ratio * 100)} | ${fixed(read.load.p50)} | ${fixed(read.load.p95)} | ${read.queries ?? '—'} | ${read.load.errors + read.load.non2xx} | ${goalOf(report.engine, read)} |`,
      );
    }
  }
  lines.push(
    '',
    '| engine | idle RSS MB | goal | sign-in burst: before → peak MB (added) | sign-ins/s, p95 ms | goal |',
    '| --- | --- | --- | --- | --- | --- |',
  );
  for (const report of reports) {
    const added = report.burst.peakMb - report.burst.beforeMb;
    const idleGoal =
      report.engine === 'PGlite' ? `≤ 250: ${report.idleRssMb <= 250 ? 'met' : 'not met'}` : '—';
    lines.push(
      `| ${report.engine} | ${fixed(report.idleRssMb, 0)} | ${idleGoal} | ${fixed(report.burst.beforeMb, 0)} → ${fixed(report.burst.peakMb, 0)} (+${fixed(added, 0)}) | ${fixed(report.burst.logins.requestsPerSecond, 1)}, ${fixed(report.burst.logins.p95, 0)} (errors ${report.burst.logins.errors + report.burst.logins.non2xx}) | adds ≤ 150: ${added <= 150 ? 'met' : 'not met'} |`,
    );
  }
  return lines.join('\n');
}

/** Runs the API part on a fresh PGlite folder and, with `postgresUrl`, on a fresh PostgreSQL database. */
export async function measureApiReads(options: {
  root: string;
  appEnv: Record<string, string>;
  makeDataDir: () => Promise<string>;
  postgresUrl?: string;
  seconds: number;
  connections: number;
}): Promise<EngineReport[]> {
  const barePort = await freePort();
  const bareUrl = `http://127.0.0.1:${barePort}/`;
  const bareServer = await startServer({
    root: options.root,
    args: ['bench/src/bare-server.ts'],
    env: { PORT: String(barePort) },
    healthUrl: bareUrl,
  });
  const reports: EngineReport[] = [];
  try {
    const pgliteDir = await options.makeDataDir();
    const pglite = await measureEngine({
      ...options,
      engine: 'PGlite',
      dataDir: pgliteDir,
      port: await freePort(),
      bareUrl,
    });
    const pgliteQueries = await countQueries({ appEnv: options.appEnv, dataDir: pgliteDir });
    for (const read of pglite.reads) read.queries = pgliteQueries.get(read.label) ?? null;
    reports.push(pglite);

    if (options.postgresUrl) {
      const name = `mohar_bench_api_${process.pid}`;
      const admin = new pg.Client({ connectionString: options.postgresUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(options.postgresUrl);
      url.pathname = `/${name}`;
      try {
        const dataDir = await options.makeDataDir();
        const postgres = await measureEngine({
          ...options,
          engine: 'PostgreSQL',
          dataDir,
          databaseUrl: url.toString(),
          port: await freePort(),
          bareUrl,
        });
        const postgresQueries = await countQueries({
          appEnv: options.appEnv,
          dataDir,
          databaseUrl: url.toString(),
        });
        for (const read of postgres.reads) read.queries = postgresQueries.get(read.label) ?? null;
        reports.push(postgres);
      } finally {
        const cleanup = new pg.Client({ connectionString: options.postgresUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      }
    } else {
      console.log('\n(PostgreSQL case skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it.)');
    }
  } finally {
    await stopServer(bareServer);
  }
  console.log(
    "\nAPI reads beside issue 20's goals (statements: counted at the driver, steady state with the session cached)",
  );
  console.log(apiTable(reports));
  return reports;
}
