import { randomBytes } from 'node:crypto';
import { createConnection } from 'node:net';

// The machine (and CI) runs Redis on localhost; REDIS_TEST_URL points elsewhere.
export const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers (tests that need it are skipped, and say so, when it does not). */
export const isRedisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = createConnection({ host: hostname, port: Number(port || 6379) });
  socket.once('connect', () => {
    resolve(true);
    socket.end();
  });
  socket.once('error', () => resolve(false));
  socket.setTimeout(1_000, () => {
    resolve(false);
    socket.destroy();
  });
});

/** Settings for app processes sharing Redis; one key prefix per call, so parallel test files never meet. */
export const redisTestEnv = () => ({
  REDIS_URL,
  REDIS_KEY_PREFIX: `mohar-test-${randomBytes(6).toString('hex')}`,
});
