import { CALL_EVENTS, type CallJoinAck } from '@mohar/contracts';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Builders, buildersFor } from '../../testing/builders/index.ts';
import { connect, eventually, listening, type TestSocket } from '../../testing/realtime.ts';
import { isRedisUp, REDIS_URL, redisTestEnv } from '../../testing/redis.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createRedisSealProgress } from '../sessions/seal-progress.ts';

const env = redisTestEnv();
let t: TestApp;
let build: Builders;
let origins: string[] = [];
const sockets: TestSocket[] = [];
beforeAll(async () => {
  if (!isRedisUp) return;
  t = await createTestApp({ env, now: () => new Date('2026-11-23T12:00:00+05:30') });
  build = buildersFor(t);
  origins = [await listening(t.app), await listening(await t.sibling(env))];
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

/** A socket in the call through one process, with every sealing stage it hears. */
async function joined(origin: string, who: { cookie?: string; portalToken?: string }, applicationId: string) {
  const socket = await connect(origin, who);
  sockets.push(socket);
  const stages: string[] = [];
  socket.on(CALL_EVENTS.sealStage, (message: { stage: string }) => stages.push(message.stage));
  const ack = (await socket.emitWithAck(CALL_EVENTS.join, { applicationId })) as CallJoinAck;
  expect(ack.ok).toBe(true);
  return { socket, stages };
}

describe.skipIf(!isRedisUp)('the sealing stage across processes (issue 21)', () => {
  it('someone who rejoins mid-seal on another process is told the stage the seal is at', async () => {
    const [first = '', second = ''] = origins;
    const session = await build.liveSession({
      status: 'signed',
      notary: await build.notary({ certificate: 'platform' }),
      signatories: [{ fullName: 'Meera Pillai' }],
    });
    const notary = await joined(first, { cookie: session.notary.cookie }, session.id);
    notary.socket.emit(CALL_EVENTS.sealStage, { stage: 'recording' });
    await eventually(() => notary.stages.length === 1);

    // The signatory's page reloads and its new socket reaches the other process.
    const signatory = await joined(second, { portalToken: session.signatories[0]?.token }, session.id);
    await eventually(() => signatory.stages.length === 1);
    expect(signatory.stages).toEqual(['recording']);
  });

  it('a seal that is over is forgotten, and a stage is kept per application', async () => {
    const client = createClient({ url: REDIS_URL });
    await client.connect();
    try {
      const progress = createRedisSealProgress(client, env.REDIS_KEY_PREFIX);
      progress.note('application-a', 'stamping');
      progress.note('application-b', 'signing');
      expect(await progress.of('application-a')).toBe('stamping');
      progress.note('application-a', 'done');
      expect(await progress.of('application-a')).toBeUndefined();
      expect(await progress.of('application-b')).toBe('signing');
      progress.note('application-b', 'failed');
      expect(await progress.of('application-b')).toBeUndefined();
    } finally {
      await client.close();
    }
  });
});
