import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '@mohar/contracts';
import { io as socketClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { SERVER_NODE_FLAGS, serverEnv } from './server-process.ts';
import { PASSWORD, registration, tokenFromMail } from './testing/accounts.ts';
import { samplePdf } from './testing/documents.ts';
import { type FakeRazorpay, startFakeRazorpay } from './testing/fake-razorpay.ts';
import { atNormalPriority } from './testing/normal-priority.ts';
import { isRedisUp, REDIS_URL } from './testing/redis.ts';
import { objectsIn, type S3Server, s3Env, startS3Server } from './testing/s3.ts';
import { type SmtpSink, startSmtpServer, waitForMail } from './testing/smtp-sink.ts';
import { startTcpProxy, type TcpProxy } from './testing/tcp-proxy.ts';
import { copyPostgresTemplate } from './testing/test-db.ts';

/**
 * The production start: `apps/server/src/main.ts` in a process of its own, started as `npm start` starts it (the
 * same Node flags and environment, server-process.ts) with NODE_ENV=production, on PostgreSQL, Redis, an S3 bucket
 * (s3rver), a real SMTP server and the Razorpay fake. PostgreSQL, Redis and the bucket are reached through relays
 * this file can stop, as when each goes away. One process serves every test here; the last one stops it.
 */

const SERVER_MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const METRICS_TOKEN = `metrics-${randomBytes(12).toString('hex')}`;
const isPostgres = process.env.TEST_DB === 'postgres';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const relayTo = (url: string, defaultPort: number) => {
  const { hostname, port } = new URL(url);
  return startTcpProxy({ host: hostname, port: Number(port || defaultPort) });
};

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** The server process, as `npm start` runs it (scripts/start.ts), with exactly `env` (nothing of this process's). */
function startServer(env: Record<string, string>): Started {
  const child = atNormalPriority(
    spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], {
      cwd: ROOT,
      env: serverEnv({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function until(check: () => Promise<boolean>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const multipart = (bytes: Buffer) => {
  const boundary = `----mohar${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="deed.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([head, bytes, tail]),
  };
};

describe.skipIf(!isPostgres || !isRedisUp)('the production start (NODE_ENV=production)', () => {
  let s3: S3Server;
  let smtp: SmtpSink;
  let razorpay: FakeRazorpay;
  let database: Awaited<ReturnType<typeof copyPostgresTemplate>>;
  const relays: Record<'postgres' | 'redis' | 's3', TcpProxy> = {} as never;
  let dataDir: string;
  let env: Record<string, string>;
  let server: Started;
  let base: string;
  let bucket: Awaited<ReturnType<S3Server['bucket']>>;

  beforeAll(async () => {
    const keys = {
      keyId: 'rzp_test_production',
      keySecret: randomBytes(16).toString('hex'),
      webhookSecret: randomBytes(16).toString('hex'),
    };
    [s3, smtp, razorpay, database, dataDir] = await Promise.all([
      startS3Server(),
      startSmtpServer(),
      startFakeRazorpay(keys),
      copyPostgresTemplate(),
      mkdtemp(path.join(os.tmpdir(), 'mohar-production-')),
    ]);
    bucket = await s3.bucket();
    [relays.postgres, relays.redis, relays.s3] = await Promise.all([
      relayTo(database.url, 5432),
      relayTo(REDIS_URL, 6379),
      relayTo(s3.endpoint, 80),
    ]);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: relays.postgres.through(database.url),
      REDIS_URL: relays.redis.through(REDIS_URL),
      REDIS_KEY_PREFIX: `mohar-production-${randomBytes(4).toString('hex')}`,
      ...s3Env({ ...bucket, endpoint: relays.s3.through(s3.endpoint) }),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      PAYMENTS_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: keys.keyId,
      RAZORPAY_KEY_SECRET: keys.keySecret,
      RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
      RAZORPAY_API_URL: razorpay.url,
      SELLER_GSTIN: '07AAACM1234A1Z5',
      METRICS_TOKEN,
    };
    server = startServer(env);
    await until(
      async () => (await fetch(`${base}/api/v1/health`)).ok || server.child.exitCode !== null,
      'the production server to listen',
      // Its start (migrations and the key check in a child, then the app) shares two cores with the rest of the
      // suite: under that load it has taken over 90 s.
      180_000,
    );
    expect(server.child.exitCode, server.output()).toBeNull();
  }, 210_000);

  afterAll(async () => {
    // A server that stopped before the end (once seen under the suite's load: ECONNRESET from then on) says why.
    if (server && (server.child.exitCode !== null || server.child.signalCode !== null))
      process.stderr.write(
        `the production server had stopped (exit ${server.child.exitCode}, signal ${server.child.signalCode}):\n${server.output()}\n`,
      );
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await Promise.all(Object.values(relays).map((relay) => relay.stop()));
    await Promise.all([s3?.close(), smtp?.close(), razorpay?.close(), database?.drop()]);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses to start without each required secret, saying which', async () => {
    const required = {
      ENCRYPTION_KEY: 'ENCRYPTION_KEY: required in production',
      SMTP_URL: 'SMTP_URL: required in production',
      RAZORPAY_KEY_ID: 'RAZORPAY_KEY_ID: required with PAYMENTS_PROVIDER=razorpay',
      RAZORPAY_KEY_SECRET: 'RAZORPAY_KEY_SECRET: required with PAYMENTS_PROVIDER=razorpay',
      RAZORPAY_WEBHOOK_SECRET: 'RAZORPAY_WEBHOOK_SECRET: required with PAYMENTS_PROVIDER=razorpay',
      SELLER_GSTIN: 'SELLER_GSTIN: required in production (GST invoices)',
      PAYMENTS_PROVIDER: 'PAYMENTS_PROVIDER: must be razorpay in production',
    };
    // Each one alone, through the configuration check the process runs first.
    for (const [name, sentence] of Object.entries(required)) {
      const { [name]: _left, ...without } = env;
      const refusal = (() => {
        try {
          loadConfig(without);
          return null;
        } catch (error) {
          return error instanceof ConfigError ? error.issues : error;
        }
      })();
      expect(refusal, name).toEqual([sentence]);
    }
    // And one real process: it prints the sentence and exits 1 before opening anything.
    const { ENCRYPTION_KEY: _key, ...withoutKey } = env;
    const refused = startServer({ ...withoutKey, PORT: String(await freePort()) });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('Invalid configuration:\n  - ENCRYPTION_KEY: required in production');
  }, 60_000);

  /** A client account registered through the API, verified from the mail the SMTP server received. */
  async function signedInClient(): Promise<string> {
    const details = registration();
    const headers = { 'content-type': 'application/json', origin: base };
    const registered = await fetch(`${base}/api/v1/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify(details),
    });
    expect(registered.status, await registered.clone().text()).toBe(201);
    const mail = await waitForMail(smtp.inbox, details.email, 'Verify your e-mail address for Mohar');
    const token = tokenFromMail(mail.text, '/verify-email/');
    const verified = await fetch(`${base}/api/v1/verify-email/${token}`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    expect(verified.status).toBe(200);
    const login = await fetch(`${base}/api/v1/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: details.email, password: PASSWORD }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const cookie = login.headers.getSetCookie().find((c) => c.includes('mohar_session='));
    if (!cookie) throw new Error('no session cookie');
    return cookie.split(';')[0] as string;
  }

  async function newDraft(cookie: string): Promise<string> {
    const created = await fetch(`${base}/api/v1/applications`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(created.status).toBe(201);
    return ((await created.json()) as { application: { _id: string } }).application._id;
  }

  it('serves a signed-in read, an upload and a download; the bucket holds only ciphertext', async () => {
    const cookie = await signedInClient();
    const list = await fetch(`${base}/api/v1/applications`, { headers: { cookie } });
    expect(list.status).toBe(200);
    expect(await list.json()).toMatchObject({ applications: [], total: 0 });

    const id = await newDraft(cookie);
    const pdf = await samplePdf({ pages: 2, title: 'Production upload' });
    const form = multipart(pdf);
    const uploaded = await fetch(`${base}/api/v1/applications/${id}/document`, {
      method: 'PUT',
      headers: { cookie, origin: base, 'content-type': form.contentType },
      body: form.body,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const downloaded = await fetch(`${base}/api/v1/applications/${id}/document`, { headers: { cookie } });
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(pdf)).toBe(true);

    const objects = await objectsIn(bucket);
    expect(objects.size).toBeGreaterThan(0);
    for (const bytes of objects.values()) expect(bytes.includes('%PDF')).toBe(false);

    // The scrape sees those requests under their route patterns, behind the token.
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const metrics = await (
      await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(metrics).toContain(
      'mohar_http_request_duration_seconds_count{method="PUT",route="/api/v1/applications/:id/document",status="2xx"} 1',
    );
  }, 60_000);

  it('answers ready 503 naming PostgreSQL, Redis or the object store while it is away, and 200 once it is back', async () => {
    const ready = async () => {
      const res = await fetch(`${base}/api/v1/health/ready`);
      return { status: res.status, body: (await res.json()) as { message?: string; code?: string } };
    };
    expect(await ready()).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'up', redis: 'up', objectStore: 'up' } },
    });
    const names = { postgres: 'PostgreSQL', redis: 'Redis', s3: 'the object store' } as const;
    for (const [dependency, name] of Object.entries(names) as Array<[keyof typeof names, string]>) {
      await relays[dependency].stop();
      const away = await ready();
      expect(away.status, dependency).toBe(503);
      expect(away.body).toMatchObject({
        message: `Not ready: ${name} did not answer.`,
        code: ERROR_CODES.notReady,
      });
      await relays[dependency].start();
      await until(async () => (await ready()).status === 200, `${name} to be back`);
    }
  }, 60_000);

  it('on SIGTERM finishes an upload in flight, refuses new requests, sends sockets to reconnect, and exits 0', async () => {
    const cookie = await signedInClient();
    const id = await newDraft(cookie);
    const pdf = await samplePdf({ pages: 3, title: 'Uploaded across a shutdown' });
    const form = multipart(pdf);

    const socket = socketClient(base, {
      path: '/api/v1/realtime',
      transports: ['websocket'],
      extraHeaders: { cookie, origin: base },
      reconnectionDelay: 60_000,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    // Half the upload is sent, then the signal; the rest follows once the server is already refusing others.
    const upload = httpRequest(`${base}/api/v1/applications/${id}/document`, {
      method: 'PUT',
      headers: {
        cookie,
        origin: base,
        'content-type': form.contentType,
        'content-length': form.body.length,
      },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      upload.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      upload.on('error', reject);
    });
    const half = Math.floor(form.body.length / 2);
    upload.write(form.body.subarray(0, half));
    await new Promise((resolve) => setTimeout(resolve, 200));

    server.child.kill('SIGTERM');
    expect(await disconnected).toBe('transport close');
    // socket.io-client reconnects by itself after this reason (not after "io server disconnect").
    expect(socket.active).toBe(true);
    socket.close();

    // A new request: refused, by a 503 before any route or by a closed port, never served.
    const late = await fetch(`${base}/api/v1/health/ready`).then(
      async (res) => ({ status: res.status, code: ((await res.json()) as { code?: string }).code }),
      () => ({ status: 'connection refused', code: undefined }),
    );
    expect([
      { status: 503, code: ERROR_CODES.shuttingDown },
      { status: 'connection refused', code: undefined },
    ]).toContainEqual(late);

    upload.end(form.body.subarray(half));
    const result = await answered;
    expect(result.status, result.body).toBe(200);
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain('were cut');

    // The upload that straddled the signal was stored whole.
    expect(JSON.parse(result.body)).toMatchObject({ application: { _id: id, document: { pages: 3 } } });
  }, 60_000);
});
