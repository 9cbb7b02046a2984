/**
 * The live-session journey's back end on PostgreSQL + Redis + S3 (decision 0047): two server processes started as
 * production starts them, behind a round-robin proxy, on a database made for this run (dropped when it ends), a Redis
 * key prefix of its own and an s3rver bucket. Started by e2e/playwright.journey.config.ts as its web server; stopped
 * with SIGTERM (Playwright's graceful shutdown), when it stops the processes and removes what it made.
 *
 * A small control port lets the journey see and steer the back end, as an operator would the real one: where each
 * websocket went, a request pinned to a process, a process stopped with SIGTERM and a replacement started (a rolling
 * restart), and each process's /metrics.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PROCESS_RESTART_NOTE } from '../apps/server/src/modules/recorder/restart-note.ts';
import { createS3BlobStore } from '../apps/server/src/platform/s3-blob-store.ts';
import { redisTestEnv } from '../apps/server/src/testing/redis.ts';
import { startRoundRobinProxy } from '../apps/server/src/testing/round-robin-proxy.ts';
import { s3Env, startS3Server } from '../apps/server/src/testing/s3.ts';
import { type ServerProcess, startServerProcess } from '../apps/server/src/testing/server-processes.ts';
import { bridgeIn } from '../apps/server/src/testing/service-bridge.ts';
import { CLUSTER } from './fixtures/cluster-ports.ts';

const given = process.env.TEST_DATABASE_URL ?? '';
if (!given) throw new Error('the journey on several processes needs TEST_DATABASE_URL (PostgreSQL)');
// In the suite's loopback-only namespace, PostgreSQL and Redis come through socket files (testing/service-bridge.ts).
const bridged = process.env.E2E_SERVICE_SOCKETS ? await bridgeIn(process.env.E2E_SERVICE_SOCKETS) : null;
const adminUrl = (() => {
  const url = new URL(given);
  if (bridged) {
    url.hostname = '127.0.0.1';
    url.port = String(bridged.postgres);
  }
  return url.toString();
})();
const redis = redisTestEnv();
if (bridged) redis.REDIS_URL = `redis://127.0.0.1:${bridged.redis}`;

/** Runs a statement on the server's maintenance database (create and drop databases). */
async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

// The name carries its birth (seconds), so a later run drops a database an interrupted run left behind.
const database = `mohar_e2e_${Math.floor(Date.now() / 1000)}_${randomBytes(3).toString('hex')}`;
const leftOver = await onServer("select datname from pg_database where datname like 'mohar_e2e_%'");
for (const { datname } of leftOver.rows as Array<{ datname: string }>) {
  const born = Number(datname.split('_')[2]);
  if (Date.now() / 1000 - born > 3600) await onServer(`drop database if exists ${datname} with (force)`);
}
await onServer(`create database ${database}`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${database}`;

const s3 = await startS3Server();
const bucket = await s3.bucket();
// One data folder for both, as compose.yaml shares a volume: the platform CA that signs seals lives there.
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mohar-e2e-cluster-'));
const origin = `http://127.0.0.1:${CLUSTER.proxy}`;
const shared = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  DATABASE_URL: databaseUrl.toString(),
  JOB_QUEUE: 'pg-boss',
  ...redis,
  ...s3Env(bucket),
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  DATA_DIR: dataDir,
  PUBLIC_URL: origin,
  TRUST_PROXY: 'true',
  MFA_REQUIRED_ROLES: 'notary',
  UIDAI_QR_KEYS_FILE: process.env.UIDAI_QR_KEYS_FILE ?? '',
  SERVICE_HOURS_ALWAYS_OPEN: 'true',
  E2E_FIXTURES: 'true',
  // The schedule as in production: the journey checks each hourly job runs once across the two processes.
  TEST_SCHEDULE: 'true',
  // The journey checks the recording's composed view, made by a job after the seal (decision 0084).
  RECORDER_COMPOSE: 'true',
};
const ports = CLUSTER.processes;
// Process 0 seeds the demo content; both migrate at once (one waits on the other's lock, decision 0045).
const start = (index: number, seed: boolean) =>
  startServerProcess({
    port: ports[index] ?? 0,
    env: { ...shared, SEED_DEMO: String(seed) },
    timeoutMs: 170_000,
  });
const startedAt = Date.now();
const started = await Promise.allSettled([start(0, true), start(1, false)]);
const servers: Array<ServerProcess | null> = started.map((outcome) =>
  outcome.status === 'fulfilled' ? outcome.value : null,
);
const failed = started.find((outcome) => outcome.status === 'rejected');
if (failed) {
  console.error(failed.reason);
  await removeAll();
  process.exit(1);
}

/** Stops the processes and removes the bucket's server, the data folder and the database. */
async function removeAll() {
  await Promise.all(servers.map((server) => server?.stop()));
  await s3.close();
  await rm(dataDir, { recursive: true, force: true });
  await onServer(`drop database if exists ${database} with (force)`).catch(() => undefined);
}

const SOCKET_COOKIE = 'e2e-socket-process';
const proxy = await startRoundRobinProxy(
  ports.map((port) => ({ port })),
  {
    port: CLUSTER.proxy,
    // A browser context labelled by the journey (a cookie only the proxy reads) has its websockets on that process.
    placeUpgrade: (request: IncomingMessage) => {
      const match = new RegExp(`(?:^|; )${SOCKET_COOKIE}=(\\d)-([\\w-]+)`).exec(request.headers.cookie ?? '');
      return match ? { upstream: Number(match[1]), label: match[2] ?? '' } : undefined;
    },
  },
);

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
};

/**
 * The server recording of a session as an operator reads it (decision 0083): the chain's entries, the stored
 * manifest, who a stopping process handed over (the "process restart" gap), and any recording part in the bucket
 * that no chain lists.
 */
async function serverRecording(applicationId: string) {
  const client = new pg.Client({ connectionString: databaseUrl.toString() });
  await client.connect();
  try {
    const entries = await client.query(
      'select kind, participant, take, blob_key from recording_manifest_entries where application_id = $1 order by seq',
      [applicationId],
    );
    const stored = await client.query(
      'select final_hash, part_count from recording_manifests where application_id = $1',
      [applicationId],
    );
    const handedOver = await client.query(
      "select actor from session_events where application_id = $1 and kind = 'media_gap' and note = $2",
      [applicationId, PROCESS_RESTART_NOTE],
    );
    const chained = new Set(
      (
        await client.query('select blob_key from recording_manifest_entries where blob_key is not null')
      ).rows.map((row: { blob_key: string }) => row.blob_key),
    );
    const unlisted: string[] = [];
    for await (const key of createS3BlobStore(bucket).keys())
      if (key.startsWith('recorder-part/') && !chained.has(key)) unlisted.push(key);
    return {
      entries: entries.rows.map((row: { kind: string; participant: string; take: number | null }) => ({
        kind: row.kind,
        participant: row.participant,
        take: row.take,
      })),
      stored: stored.rows[0]
        ? { finalHash: String(stored.rows[0].final_hash), partCount: Number(stored.rows[0].part_count) }
        : null,
      handedOver: handedOver.rows.map((row: { actor: string }) => row.actor),
      unlisted,
    };
  } finally {
    await client.end();
  }
}

/** What the control port answers, by method and path. */
async function control(request: IncomingMessage): Promise<unknown> {
  const url = new URL(request.url ?? '/', 'http://control');
  const which = Number(url.searchParams.get('process'));
  if (url.pathname === '/started') return { at: startedAt };
  if (url.pathname === '/upgrades') return proxy.placedUpgrades;
  if (url.pathname === '/pinned') return proxy.pinnedServed;
  if (url.pathname === '/pin' && request.method === 'POST') {
    const body = await readBody(request);
    proxy.pin({
      method: String(body.method),
      path: new RegExp(String(body.path)),
      upstream: Number(body.upstream),
    });
    return { pinned: true };
  }
  if (url.pathname === '/recording') return serverRecording(url.searchParams.get('application') ?? '');
  if (url.pathname === '/metrics') {
    const server = servers[which];
    if (!server) return { text: null };
    return { text: await (await fetch(`${server.origin}/metrics`)).text() };
  }
  if (url.pathname === '/stop' && request.method === 'POST') {
    const server = servers[which];
    if (!server) return { exitCode: null };
    servers[which] = null;
    const exited = new Promise<number | null>((resolve) =>
      server.child.once('exit', (code) => resolve(code)),
    );
    await server.stop();
    return { exitCode: await exited.catch(() => server.child.exitCode) };
  }
  if (url.pathname === '/start' && request.method === 'POST') {
    servers[which] ??= await start(which, false);
    return { started: true };
  }
  throw new Error(`no control ${request.method} ${url.pathname}`);
}

const controlServer = http.createServer((request, response) => {
  control(request).then(
    (answer) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    },
    (error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    },
  );
});
await new Promise<void>((resolve) => controlServer.listen(CLUSTER.control, '127.0.0.1', resolve));
console.log(`two Mohar processes behind ${origin} (database ${database})`);

let stopping = false;
async function shutDown() {
  if (stopping) return;
  stopping = true;
  controlServer.close();
  await proxy.close();
  await removeAll();
  process.exit(0);
}
process.on('SIGTERM', shutDown);
process.on('SIGINT', shutDown);
