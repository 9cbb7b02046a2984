import { NEWSLETTER_SUBSCRIBED_MESSAGE } from '@mohar/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, newsletterSubscribers } from '../../db/schema.ts';
import { latestMailTo, mailsTo, tokenFromMail } from '../../testing/accounts.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
let content: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
  content = await build.admin({ adminRoles: ['content'] });
});
afterAll(() => t.close());

let ip = 10;
const subscribe = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter',
    payload: payload as object,
    remoteAddress: `10.4.0.${ip++}`,
  });
const withToken = (what: 'confirm' | 'unsubscribe', token: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/newsletter/${what}`, payload: { token } });

async function confirmedSubscriber(email: string) {
  await subscribe({ email });
  const token = tokenFromMail((await latestMailTo(t, email))?.text ?? '', '/newsletter/confirm/');
  expect((await withToken('confirm', token)).statusCode).toBe(200);
}
const sendMailing = (subject: string) =>
  call(t, 'POST', '/admin/newsletter/mailings', content.cookie, {
    subject,
    text: 'Notarise from home, now in Hindi too.\n\nRead more on our site.',
  });

describe('POST /api/v1/newsletter (double opt-in, issue 22)', () => {
  it('stores an address once however often it is sent, answers the same each time and sends one confirmation', async () => {
    const answers = await Promise.all([
      subscribe({ email: 'Asha@Example.in' }),
      subscribe({ email: 'asha@example.in' }),
      subscribe({ email: ' ASHA@example.IN ' }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: NEWSLETTER_SUBSCRIBED_MESSAGE });
    }
    const rows = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = 'asha@example.in'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'asha@example.in', confirmedAt: null });
    const mails = await mailsTo(t, 'asha@example.in');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Confirm your subscription to Mohar updates');
  });

  it('mails nothing to an unconfirmed address; the confirmation link makes it a subscriber', async () => {
    await subscribe({ email: 'pending@example.in' });
    const token = tokenFromMail(
      (await latestMailTo(t, 'pending@example.in'))?.text ?? '',
      '/newsletter/confirm/',
    );
    const [stored] = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'pending@example.in'));
    expect(stored?.confirmTokenHash).not.toContain(token);

    await sendMailing('Before confirming');
    expect((await mailsTo(t, 'pending@example.in')).map((m) => m.subject)).not.toContain('Before confirming');

    expect((await withToken('confirm', token)).statusCode).toBe(200);
    // The same link again is still a success, not an error.
    expect((await withToken('confirm', token)).statusCode).toBe(200);
    await sendMailing('After confirming');
    expect((await mailsTo(t, 'pending@example.in')).map((m) => m.subject)).toContain('After confirming');
  });

  it('refuses an unknown or expired confirmation link', async () => {
    const unknown = await withToken('confirm', 'x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('newsletter.link_invalid');
    await subscribe({ email: 'late@example.in' });
    const token = tokenFromMail(
      (await latestMailTo(t, 'late@example.in'))?.text ?? '',
      '/newsletter/confirm/',
    );
    await t.db
      .update(newsletterSubscribers)
      .set({ confirmSentAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(newsletterSubscribers.email, 'late@example.in'));
    expect((await withToken('confirm', token)).statusCode).toBe(404);
  });

  it('puts a one-click unsubscribe link in every mailing; after it the address gets no more, and an altered link is refused', async () => {
    await confirmedSubscriber('reader@example.in');
    const sent = await sendMailing('November news');
    expect(sent.statusCode).toBe(201);
    const mail = await latestMailTo(t, 'reader@example.in');
    expect(mail?.subject).toBe('November news');
    expect(mail?.html).toContain('/newsletter/unsubscribe/');
    const match = mail?.text.match(/\/newsletter\/unsubscribe\/([A-Za-z0-9_.-]+)/);
    const token = match?.[1] ?? '';

    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await withToken('unsubscribe', altered)).statusCode).toBe(404);
    expect((await withToken('unsubscribe', token)).statusCode).toBe(200);
    expect((await withToken('unsubscribe', token)).statusCode).toBe(200);

    await sendMailing('December news');
    expect((await mailsTo(t, 'reader@example.in')).map((m) => m.subject)).not.toContain('December news');
  });

  it('refuses an invalid address with a 400 naming the field, and unknown fields', async () => {
    const res = await subscribe({ email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'request.invalid', details: [{ path: 'body.email' }] });
    expect((await subscribe({ email: 'a@b.in', admin: true })).json().code).toBe('request.invalid');
  });
});

describe('the subscriber list (issue 22)', () => {
  it('lists subscribers by status and exports them as CSV for content admins, audited', async () => {
    await confirmedSubscriber('listed@example.in');
    const list = await call(t, 'GET', '/admin/newsletter/subscribers?status=confirmed', content.cookie);
    expect(list.statusCode).toBe(200);
    const body = list.json() as { subscribers: Array<{ email: string; status: string }>; totalPages: number };
    expect(body.subscribers.map((s) => s.status)).not.toContain('pending');
    expect(body.subscribers.map((s) => s.email)).toContain('listed@example.in');

    const csv = await call(t, 'GET', '/admin/newsletter/subscribers.csv', content.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('email,status,subscribed_at,confirmed_at,unsubscribed_at');
    expect(csv.body).toMatch(/listed@example\.in,confirmed,/);
    const exported = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'newsletter.exported'));
    expect(exported[0]).toMatchObject({ actorId: content.id });
  });

  it('is for content admins and owners only: support, a client and a notary get 404', async () => {
    for (const caller of [
      await build.admin({ adminRoles: ['support'] }),
      await build.user(),
      await build.notary(),
    ]) {
      for (const url of ['/admin/newsletter/subscribers', '/admin/newsletter/subscribers.csv']) {
        expect((await call(t, 'GET', url, caller.cookie)).statusCode).toBe(404);
      }
    }
    const owner = await build.admin({ adminRoles: ['owner'] });
    expect((await call(t, 'GET', '/admin/newsletter/subscribers', owner.cookie)).statusCode).toBe(200);
  });
});
