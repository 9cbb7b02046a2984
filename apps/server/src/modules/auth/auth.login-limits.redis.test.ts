import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCounters } from '../../db/schema.ts';
import { loginLimitTests } from '../../testing/login-limits.ts';
import { isRedisUp, redisTestEnv } from '../../testing/redis.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const env = redisTestEnv();
let t: TestApp;
let second: TestApp['app'];
beforeAll(async () => {
  if (!isRedisUp) return;
  t = await createTestApp({ env });
  second = await t.sibling(env);
});
afterAll(async () => {
  await t?.close();
});

describe.skipIf(!isRedisUp)(
  'wrong passwords with REDIS_URL: counted in Redis, shared by every process',
  () => {
    loginLimitTests(() => ({ t, apps: [t.app, second] }));

    it('leaves the database table empty', async () => {
      expect(await t.db.select().from(attemptCounters)).toEqual([]);
    });
  },
);
