import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRedisUp, redisTestEnv } from '../testing/redis.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const env = redisTestEnv();
let t: TestApp;
beforeAll(async () => {
  if (isRedisUp) t = await createTestApp({ env });
});
afterAll(async () => {
  await t?.close();
});

describe.skipIf(!isRedisUp)('rate limits with REDIS_URL', () => {
  it('two server processes count the same attempts: five in 15 minutes means five in all, not five each', async () => {
    const second = await t.sibling(env);
    const resend = (app: TestApp['app']) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/verify-email/resend',
        remoteAddress: '203.0.113.77',
        payload: { email: 'someone@example.in' },
      });
    for (const app of [t.app, t.app, t.app, second, second]) expect((await resend(app)).statusCode).toBe(200);
    const sixth = await resend(t.app);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('request.rate_limited');
    expect((await resend(second)).statusCode).toBe(429);
    // Another address has its own allowance.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/verify-email/resend',
      remoteAddress: '203.0.113.78',
      payload: { email: 'someone@example.in' },
    });
    expect(other.statusCode).toBe(200);
  });
});
