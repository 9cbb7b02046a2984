import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, registration } from '../../testing/accounts.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

describe('/dev/mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists outgoing mail, newest first, with both parts', async () => {
    const first = registration();
    const second = registration();
    await post(t, '/register', first);
    await post(t, '/register', second);
    const res = await t.app.inject({ url: '/api/v1/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    const [newest, older] = res.json().data;
    expect(newest).toMatchObject({ to: second.email, subject: 'Verify your e-mail address for Mohar' });
    expect(older.to).toBe(first.email);
    expect(newest.html).toContain('<a href=');
    expect(newest.text).toContain('/verify-email/');
  });
});

describe('/dev/mailbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
        SMTP_URL: 'smtp://127.0.0.1:9',
        PAYMENTS_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_example',
        RAZORPAY_KEY_SECRET: 'key-secret-example',
        RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-example',
        SELLER_GSTIN: '27AAACM1234A1Z5',
      },
    });
  });
  afterAll(() => t.close());

  it('does not exist', async () => {
    const res = await t.app.inject({ url: '/api/v1/dev/mailbox' });
    expect(res.statusCode).toBe(404);
  });
});
