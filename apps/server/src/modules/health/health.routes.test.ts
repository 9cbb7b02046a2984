import { CALL_EVENTS, ERROR_CODES } from '@mohar/contracts';
import { io as socketClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema.ts';
import { API } from '../../testing/accounts.ts';
import { buildersFor } from '../../testing/builders/index.ts';
import { connect, listening } from '../../testing/realtime.ts';
import { isRedisUp, REDIS_URL } from '../../testing/redis.ts';
import { type S3Server, s3Env, startS3Server } from '../../testing/s3.ts';
import { startTcpProxy, type TcpProxy } from '../../testing/tcp-proxy.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const METRICS_TOKEN = 'scraper-token-0123456789';

/** Asks until `check` holds: a client reconnecting after its service came back takes a moment. */
async function until(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('readiness with nothing but the database (the embedded defaults)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('is ready, and says Redis and the object store are not configured; liveness is unchanged', async () => {
    const ready = await t.app.inject({ url: `${API}/health/ready` });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'up', redis: 'not_configured', objectStore: 'not_configured' },
    });
    expect(ready.headers['cache-control']).toBe('no-store');
    const live = await t.app.inject({ url: `${API}/health` });
    expect(live.json()).toMatchObject({ status: 'ok', database: 'up' });
  });
});

describe.skipIf(!isRedisUp)('readiness names the dependency that does not answer, and recovers', () => {
  let s3: S3Server;
  let redisRelay: TcpProxy;
  let s3Relay: TcpProxy;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    const bucket = await s3.bucket();
    const redis = new URL(REDIS_URL);
    redisRelay = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    const s3Url = new URL(s3.endpoint);
    s3Relay = await startTcpProxy({ host: s3Url.hostname, port: Number(s3Url.port) });
    t = await createTestApp({
      env: {
        ...s3Env({ ...bucket, endpoint: s3Relay.through(s3.endpoint) }),
        REDIS_URL: redisRelay.through(REDIS_URL),
        REDIS_KEY_PREFIX: `mohar-ready-${process.pid}`,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await redisRelay?.stop();
    await s3Relay?.stop();
    await s3?.close();
  });

  const ready = () => t.app.inject({ url: `${API}/health/ready` });
  const isReady = async () => (await ready()).statusCode === 200;

  it('is ready while PostgreSQL or PGlite, Redis and the bucket answer', async () => {
    const res = await ready();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().checks).toEqual({ database: 'up', redis: 'up', objectStore: 'up' });
  });

  it('answers 503 naming Redis while Redis is away, and 200 once it is back', async () => {
    await redisRelay.stop();
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'Not ready: Redis did not answer.',
      code: ERROR_CODES.notReady,
      details: { database: 'up', redis: 'down', objectStore: 'up' },
    });
    await redisRelay.start();
    await until(isReady);
  });

  it('answers 503 naming the object store while the bucket is unreachable, and 200 once it is back', async () => {
    await s3Relay.stop();
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      message: 'Not ready: the object store did not answer.',
      code: ERROR_CODES.notReady,
      details: { objectStore: 'down', redis: 'up' },
    });
    await s3Relay.start();
    await until(isReady);
  });
});

describe('GET /metrics', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    // Inside service hours: a live session's call can be joined.
    t = await createTestApp({ env: { METRICS_TOKEN }, now: () => new Date('2026-11-23T12:00:00+05:30') });
    origin = await listening(t.app);
  });
  afterAll(async () => t?.close());

  const scrape = async (authorization?: string) => {
    const res = await fetch(`${origin}/metrics`, { headers: authorization ? { authorization } : {} });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };

  it('with METRICS_TOKEN set, refuses a scrape without the token or with another one', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token-at-all', METRICS_TOKEN]) {
      const res = await scrape(authorization);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.text)).toMatchObject({ code: 'auth.unauthenticated' });
    }
  });

  it('exposes request latency by route pattern, jobs, outbox lag, live sockets and calls, and seal durations', async () => {
    // A request to a route with a parameter: its pattern is the label, never the address asked for.
    await fetch(`${origin}${API}/blogs/no-such-article-1234`);
    // The notary of a live session (building it mails its people: those are sent before the waiting mail below).
    const session = await buildersFor(t).liveSession({ signatories: [{ fullName: 'Asha Rao' }] });
    await t.app.mohar.mailer.sendDue();
    // A mail that has waited 90 s (its next attempt later): the outbox lags by at least that.
    await t.db.insert(mailOutbox).values({
      to: 'waiting@example.com',
      subject: 'waiting',
      text: 'waiting',
      html: '<p>waiting</p>',
      createdAt: new Date(Date.now() - 90_000),
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });
    // The notary, in the session's call.
    const socket = await connect(origin, { cookie: session.notary.cookie });
    expect((await socket.emitWithAck(CALL_EVENTS.join, { applicationId: session.id })).ok).toBe(true);

    const res = await scrape(`Bearer ${METRICS_TOKEN}`);
    socket.close();
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/plain');
    const line = (start: string) => res.text.split('\n').find((l) => l.startsWith(start));
    expect(
      line('mohar_http_request_duration_seconds_count{method="GET",route="/api/v1/blogs/:id",status="4xx"}'),
    ).toMatch(/ 1$/);
    expect(res.text).not.toContain('no-such-article-1234');
    expect(Number(line('mohar_job_runs_total{job="mail.send"}')?.split(' ')[1])).toBeGreaterThanOrEqual(1);
    expect(line('mohar_job_failures_total{job="mail.send"}')).toBe(
      'mohar_job_failures_total{job="mail.send"} 0',
    );
    expect(Number(line('mohar_outbox_lag_seconds{outbox="mail"}')?.split(' ')[1])).toBeGreaterThanOrEqual(90);
    expect(Number(line('mohar_outbox_waiting{outbox="mail"}')?.split(' ')[1])).toBe(1);
    expect(line('mohar_outbox_waiting{outbox="notifications"}')).toBeDefined();
    expect(line('mohar_live_sockets ')).toBe('mohar_live_sockets 1');
    expect(line('mohar_live_calls ')).toBe('mohar_live_calls 1');
    expect(res.text).toContain('# TYPE mohar_seal_duration_seconds histogram');
    expect(res.text).toContain('# TYPE process_resident_memory_bytes gauge');
  });
});

describe('a process shutting down', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp();
    origin = await listening(t.app);
  });
  afterAll(async () => t?.close());

  it('tells its sockets to reconnect (the client retries by itself), and refuses new requests with 503', async () => {
    const user = await buildersFor(t).user({});
    // As the web app opens it: reconnection on (the default).
    const socket = socketClient(origin, {
      path: '/api/v1/realtime',
      transports: ['websocket'],
      extraHeaders: { cookie: user.cookie },
      reconnectionDelay: 60_000,
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    t.app.mohar.drain.begin(t.app.server);
    t.app.mohar.realtime.disconnectAll();
    expect(await reason).toBe('transport close');
    // socket.io-client's own answer to "will it reconnect": true unless the server or the app ended the socket.
    expect(socket.active).toBe(true);
    socket.close();

    const refused = await fetch(`${origin}${API}/health/ready`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.json()).toMatchObject({ code: ERROR_CODES.shuttingDown });
  });
});
