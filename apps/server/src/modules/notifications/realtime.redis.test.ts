import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../testing/applications.ts';
import { type Builders, buildersFor } from '../../testing/builders/index.ts';
import { creditWallet, payableApplication } from '../../testing/payments.ts';
import { connect, eventually, listening, type TestSocket } from '../../testing/realtime.ts';
import { isRedisUp, redisTestEnv } from '../../testing/redis.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// One key prefix per run: parallel test files (and runs) on the same Redis never hear each other.
const env = redisTestEnv();
let t: TestApp;
let build: Builders;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  if (isRedisUp) {
    t = await createTestApp({ env });
    build = buildersFor(t);
  }
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

describe.skipIf(!isRedisUp)('two server processes sharing the database and Redis', () => {
  it('an event caused through process 1 reaches a browser connected to process 2', async () => {
    const second = await t.sibling(env);
    // Only process 1 pushes: process 2 holds the connection and nothing else.
    await second.mohar.jobs.stop();
    await listening(t.app);
    const secondOrigin = await listening(second);

    const owner = await build.user();
    const admin = await build.admin();
    const socket = await connect(secondOrigin, { cookie: owner.cookie });
    sockets.push(socket);

    const app = await payableApplication(t, owner, { title: 'Lease deed, Hadapsar' });
    await creditWallet(t, owner.id, app.totalPaise);
    const paid = await call(t, 'POST', `/applications/${app.id}/checkout`, owner.cookie, {
      walletPaise: app.totalPaise,
    });
    expect(paid.statusCode).toBe(201);
    const failed = await call(t, 'POST', `/admin/applications/${app.id}/fail`, admin.cookie, {
      reason: 'The video call dropped.',
    });
    expect(failed.statusCode).toBe(200);

    await eventually(() => socket.received.length >= 2);
    expect(socket.received.map((n) => n.kind)).toEqual(['payment_succeeded', 'application_status']);
    expect(socket.received.every((n) => n.applicationId === app.id && n.userId === owner.id)).toBe(true);
    // Process 1 sees the connection held by process 2: no fallback e-mail for someone who is online.
    expect(await t.app.mohar.realtime.isUserOnline(owner.id)).toBe(true);
  });
});
