// @engine: the outbox claimed with FOR UPDATE SKIP LOCKED and a lease
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema.ts';
import { PASSWORD, post, registration, tokenFromMail } from '../testing/accounts.ts';
import { startSmtpServer, waitForMail } from '../testing/smtp-sink.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Mohar <no-reply@mohar.test>',
      PUBLIC_URL: 'https://mohar.test',
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('mail over real SMTP', { tags: ['engine'] }, () => {
  it('delivers the verification and reset e-mails, and their links work', async () => {
    const body = registration();
    expect((await post(t, '/register', body)).statusCode).toBe(201);
    const verification = await waitForMail(smtp.inbox, body.email, 'Verify your e-mail address for Mohar');
    expect(verification.html).toContain('https://mohar.test/verify-email/');
    expect(
      (await post(t, `/verify-email/${tokenFromMail(verification.text, '/verify-email/')}`, {})).statusCode,
    ).toBe(200);

    expect((await post(t, '/password/forgot', { email: body.email })).statusCode).toBe(200);
    const reset = await waitForMail(smtp.inbox, body.email, 'Reset your Mohar password');
    const newPassword = 'harbour lantern quilt 5';
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/password/reset/${tokenFromMail(reset.text, '/password/reset/')}`,
      payload: { password: newPassword, confirmPassword: newPassword },
    });
    expect(res.statusCode).toBe(200);
    expect((await post(t, '/login', { email: body.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post(t, '/login', { email: body.email, password: newPassword })).statusCode).toBe(200);

    const [row] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Reset your Mohar password'));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('keeps a mail the server refused and delivers it on a later attempt; the registration itself succeeded', async () => {
    const body = registration();
    smtp.state.refuseOnceFor = body.email;
    expect((await post(t, '/register', body)).statusCode).toBe(201);
    let row: typeof mailOutbox.$inferSelect | undefined;
    for (let i = 0; i < 100 && (row?.attempts ?? 0) < 1; i++) {
      await new Promise((r) => setTimeout(r, 50));
      [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email));
    }
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('451') });

    // The backoff has passed.
    await t.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.to, body.email));
    await t.app.mohar.mailer.sendDue();
    await waitForMail(smtp.inbox, body.email, 'Verify your e-mail address for Mohar');
    [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
