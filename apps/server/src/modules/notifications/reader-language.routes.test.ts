import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema.ts';
import { latestMailTo, post, registration } from '../../testing/accounts.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import { creditWallet, payableApplication } from '../../testing/payments.ts';
import { startSmtpServer, waitForMail } from '../../testing/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let build: Builders;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: 'https://mohar.test' },
  });
  build = buildersFor(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** An account whose owner chose a language on their profile (issue 23). */
async function personSpeaking(language: 'en' | 'hi') {
  const user = await build.user({ name: language === 'hi' ? 'Sunita Verma' : 'Asha Kulkarni' });
  const res = await call(t, 'PATCH', '/profile/language', user.cookie, { language });
  expect(res.statusCode, res.body).toBe(200);
  return user;
}

async function paid(client: BuiltUser, title: string) {
  const app = await payableApplication(t, client, { title });
  await creditWallet(t, client.id, app.totalPaise);
  const res = await call(t, 'POST', `/applications/${app.id}/checkout`, client.cookie, {
    walletPaise: app.totalPaise,
  });
  expect(res.statusCode).toBe(201);
  return app;
}

describe('e-mails and notifications in the reader’s language (issue 23)', () => {
  it('a Hindi speaker’s e-mail arrives in Hindi over SMTP, an English speaker’s in English', async () => {
    const sunita = await personSpeaking('hi');
    const asha = await personSpeaking('en');
    for (const person of [sunita, asha])
      expect((await post(t, '/password/forgot', { email: person.email })).statusCode).toBe(200);

    const hindi = await waitForMail(smtp.inbox, sunita.email, 'अपना मोहर पासवर्ड रीसेट करें');
    expect(hindi.text).toContain('नमस्ते Sunita Verma,');
    expect(hindi.text).toContain('नया पासवर्ड चुनें: https://mohar.test/password/reset/');
    expect(hindi.html).toContain('<html lang="hi">');
    expect(hindi.text).not.toContain('Hello');

    const english = await waitForMail(smtp.inbox, asha.email, 'Reset your Mohar password');
    expect(english.text).toContain('Hello Asha Kulkarni,');
    expect(english.html).toContain('<html lang="en">');
    // The outbox holds what was sent, in the same words.
    expect((await latestMailTo(t, sunita.email))?.subject).toBe('अपना मोहर पासवर्ड रीसेट करें');
  });

  it('registering on a Hindi screen makes the account Hindi: the verification e-mail is in Hindi', async () => {
    const body = registration({ language: 'hi' });
    expect((await post(t, '/register', body)).statusCode).toBe(201);
    const mail = await waitForMail(smtp.inbox, body.email, 'मोहर के लिए अपना ई-मेल पता सत्यापित करें');
    expect(mail.text).toContain('ई-मेल पता सत्यापित करें: https://mohar.test/verify-email/');
    expect((await post(t, '/register', registration({ language: 'fr' }))).statusCode).toBe(400);
  });

  it('an account that never chose gets English (the server cannot see their browser later)', async () => {
    const user = await build.user();
    expect((await post(t, '/password/forgot', { email: user.email })).statusCode).toBe(200);
    expect((await latestMailTo(t, user.email))?.subject).toBe('Reset your Mohar password');
  });

  it('the payment receipt e-mail follows the payer’s language', async () => {
    const sunita = await personSpeaking('hi');
    await paid(sunita, 'किरायानामा, पुणे');
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, sunita.email));
    const receipt = mails.find((m) => m.subject.startsWith('भुगतान प्राप्त हुआ — रसीद '));
    expect(receipt?.text).toContain('हमें “किरायानामा, पुणे” के लिए ₹');
  });

  it('a notification is stored as a key and parameters, so each reader’s screen words it; the message stays English', async () => {
    const sunita = await personSpeaking('hi');
    const app = await paid(sunita, 'Sale deed, Kothrud');
    const res = await call(t, 'GET', '/notifications', sunita.cookie);
    const [payment] = res.json().notifications;
    expect(payment).toMatchObject({
      kind: 'payment_succeeded',
      message: `Payment received for “Sale deed, Kothrud”. We e-mailed each signatory their personal link. application-view/${app.id}`,
      text: { key: 'payment_received', params: { title: 'Sale deed, Kothrud' } },
    });
  });

  it('an important notification e-mailed to an offline reader is written in their language', async () => {
    const sunita = await personSpeaking('hi');
    const asha = await personSpeaking('en');
    const service = t.app.mohar.notificationsService;
    for (const person of [sunita, asha])
      await service.notify(t.db, {
        userId: person.id,
        kind: 'document_sealed',
        text: { key: 'document_sealed', params: { title: 'Rent agreement' } },
        isImportant: true,
      });
    await service.dispatch();
    const hindi = await latestMailTo(t, sunita.email);
    expect(hindi?.subject).toBe('“Rent agreement” नोटरीकृत हो गया है। इसे अपने आवेदनों से डाउनलोड करें।');
    expect(hindi?.text).toContain('नमस्ते Sunita Verma,');
    const english = await latestMailTo(t, asha.email);
    expect(english?.subject).toBe('“Rent agreement” is notarised. Download it from your applications.');
  });
});
