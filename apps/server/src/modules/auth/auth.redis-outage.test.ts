import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { LOGIN_LIMITS } from '@mohar/contracts';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, nextClientAddress } from '../../testing/accounts.ts';
import { buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// This file stops a Redis: its own, never the one the other files share. The machine (and CI) has redis-server.
const hasRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

/** A free TCP port on localhost (the OS picks it; closed again before Redis takes it). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const isTaken = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(true));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
  });

/** A Redis of this test's own, which it can stop and start again on the same port. */
async function ownRedis() {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 50 && !(await isTaken(port)); i++) await new Promise((r) => setTimeout(r, 100));
  };
  await start();
  const url = `redis://127.0.0.1:${port}`;
  /** Until `count` other connections are back (the app's rate limits, and realtime's publisher and subscriber). */
  const untilConnected = async (count: number) => {
    const client = await createClient({ url }).connect();
    for (let i = 0; i < 100; i++) {
      const others = (await client.clientList()).length - 1;
      if (others >= count) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await client.close();
  };
  return { url, start, untilConnected, stop: () => child?.kill('SIGKILL') };
}

let redis: Awaited<ReturnType<typeof ownRedis>>;
let t: TestApp;
beforeAll(async () => {
  if (!hasRedisServer) return;
  redis = await ownRedis();
  t = await createTestApp({ env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'outage' } });
});
afterAll(async () => {
  await t?.close();
  redis?.stop();
});

const login = (credentials: { email: string; password: string }, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: `${API}/login`, payload: credentials, remoteAddress });

describe.skipIf(!hasRedisServer)('sign-in while Redis is away (issue 19)', () => {
  it('answers at once, lets the owner in, and still counts wrong passwords (in the database)', async () => {
    const account = await buildersFor(t).user({ mfa: false, signedIn: false });
    const { email, password } = account;
    const address = nextClientAddress();
    expect((await login({ email, password: 'wrong while Redis is up' }, address)).statusCode).toBe(401);
    redis.stop();
    await new Promise((r) => setTimeout(r, 200));

    const owner = await login({ email, password }, nextClientAddress());
    expect(owner.statusCode, owner.body).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      expect((await login({ email, password: `wrong ${i}` }, address)).statusCode).toBe(401);
    }
    expect((await login({ email, password }, address)).statusCode).toBe(429);

    // Redis comes back (the app's connections with it) before the app closes.
    await redis.start();
    await redis.untilConnected(3);
  });
});
