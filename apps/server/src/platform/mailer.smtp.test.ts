// @engine: the outbox claimed with FOR UPDATE SKIP LOCKED and a lease
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema.ts';
import { PASSWORD, post, registration, tokenFromMail } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

type Received = { to: string; subject: string; text: string; html: string };

/** A real SMTP server on 127.0.0.1 that keeps what it receives; `refuseOnceFor` refuses one message to that address. */
async function startSmtpServer() {
  const inbox: Received[] = [];
  const state = { refuseOnceFor: '' };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          if (to && to === state.refuseOnceFor) {
            state.refuseOnceFor = '';
            const error = new Error('mailbox temporarily unavailable') as Error & { responseCode: number };
            error.responseCode = 451;
            return callback(error);
          }
          inbox.push({
            to: to ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: String(mail.html ?? ''),
          });
          return callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { inbox, state, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function waitForMail(inbox: Received[], to: string, subject: string): Promise<Received> {
  for (let i = 0; i < 100; i++) {
    const found = inbox.find((m) => m.to === to && m.subject === subject);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(
    `no "${subject}" mail to ${to}; got ${inbox.map((m) => `${m.to}: ${m.subject}`).join(', ')}`,
  );
}

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

describe('mail over real SMTP', () => {
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
