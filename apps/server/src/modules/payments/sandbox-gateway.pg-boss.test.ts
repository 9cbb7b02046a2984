import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { applications, mailOutbox } from '../../db/schema.ts';
import { call } from '../../testing/applications.ts';
import { buildersFor } from '../../testing/builders/index.ts';
import { waitUntil } from '../../testing/job-queue.ts';
import { payableApplication } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// Two server processes whose background work runs on the job queue (JOB_QUEUE=pg-boss, what DATABASE_URL gives).
const onPostgres = process.env.TEST_DB === 'postgres';
const env = { JOB_QUEUE: 'pg-boss', SANDBOX_WEBHOOK_DELAY_MS: '300' };
let t: TestApp;
let second: App;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({ env });
  second = await t.sibling(env);
});
afterAll(async () => {
  await t?.close();
});

const statusOf = async (id: string) =>
  (await t.db.select().from(applications).where(eq(applications.id, id)))[0]?.status;
const runsOf = (name: string) =>
  [t.app, second].map((app) => app.mohar.jobs.stats()[name]?.runs ?? 0).reduce((a, b) => a + b);

describe.skipIf(!onPostgres)('two processes on the job queue', () => {
  it("the sandbox's webhook is delivered once, by one of them, and the payment applies", async () => {
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

    await waitUntil(async () => (await statusOf(id)) === 'awaiting_identity');
    const deliveries = async () =>
      (await t.database.pool!.query(`select state from pgboss.job where name = 'payments.sandbox-webhook'`))
        .rows;
    await waitUntil(async () => (await deliveries())[0]?.state === 'completed');
    expect(await deliveries()).toEqual([{ state: 'completed' }]);
    expect(runsOf('payments.sandbox-webhook')).toBe(1);
  });

  it('mail written in a transaction and kicked is sent once, by one of them', async () => {
    const sentBefore = runsOf('mail.send');
    await t.app.mohar.mailer.enqueue(t.db, {
      to: 'queue@mohar.example',
      subject: 'Queued',
      text: 'Sent by whichever process fetched the kick.',
      html: '<p>Sent by whichever process fetched the kick.</p>',
    });
    t.app.mohar.mailer.kick();
    const mail = async () =>
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'queue@mohar.example')))[0];
    await waitUntil(async () => (await mail())?.status === 'sent', 5_000);
    expect((await mail())?.attempts).toBe(1);
    expect(runsOf('mail.send')).toBeGreaterThan(sentBefore);
  });
});
