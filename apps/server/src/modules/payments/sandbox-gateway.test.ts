import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../db/schema.ts';
import { call } from '../../testing/applications.ts';
import { buildersFor } from '../../testing/builders/index.ts';
import { payableApplication } from '../../testing/payments.ts';
import { eventually } from '../../testing/realtime.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX_WEBHOOK_DELAY_MS: '1000' } });
});
afterAll(() => t.close());

const statusOf = async (id: string) =>
  (await t.db.select().from(applications).where(eq(applications.id, id)))[0]?.status;

describe('the sandbox gateway', () => {
  it('sends its own signed webhook a moment after the payer pays: the payment applies even if the payer never returns', async () => {
    const client = await buildersFor(t).user();
    const { id } = await payableApplication(t, client);
    const { payment } = (await call(t, 'POST', `/applications/${id}/checkout`, client.cookie, {})).json();
    const completed = await call(
      t,
      'POST',
      `/payments/sandbox/orders/${payment.orderId}/complete`,
      client.cookie,
      {
        outcome: 'success',
      },
    );
    expect(completed.statusCode).toBe(200);
    expect(await statusOf(id)).toBe('awaiting_payment');

    await eventually(async () => (await statusOf(id)) === 'awaiting_identity');
    expect(t.app.mohar.jobs.stats()['payments.sandbox-webhook']).toMatchObject({ runs: 1, failures: 0 });
  });
});
