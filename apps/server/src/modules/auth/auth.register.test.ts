import { TERMS_VERSION } from '@mohar/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, users } from '../../db/schema.ts';
import {
  latestMailTo,
  mailsTo,
  post,
  registration,
  tokenFromMail,
  uniqueEmail,
  verifiedAccount,
} from '../../testing/accounts.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://mohar.test' } });
});
afterAll(() => t.close());

const userByEmail = async (email: string) =>
  (await t.db.select().from(users).where(eq(users.email, email)))[0];

describe('POST /register', () => {
  it('creates an unverified account with an argon2id hash and the terms version, and e-mails a verification link', async () => {
    const body = registration({ email: 'Asha.Rao@Example.IN' });
    const res = await post(t, '/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: expect.stringContaining('Check your e-mail') });

    const user = await userByEmail('asha.rao@example.in');
    expect(user).toMatchObject({
      role: 'client',
      mobile: `+91${'9876543210'}`,
      emailVerifiedAt: null,
      termsVersion: TERMS_VERSION,
    });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user?.passwordHash).not.toContain(body.password);

    const mail = await latestMailTo(t, 'asha.rao@example.in');
    expect(mail?.subject).toBe('Verify your e-mail address for Mohar');
    expect(mail?.text).toMatch(/https:\/\/mohar\.test\/verify-email\/[A-Za-z0-9_-]{43}/);
    expect(mail?.html).toContain('https://mohar.test/verify-email/');
    // Only the token's hash is stored.
    const token = tokenFromMail(mail?.text ?? '', '/verify-email/');
    const stored = await t.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, user?.id ?? ''));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toBe(token);
    expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers an already-registered e-mail exactly the same, creates nothing, and warns the owner instead', async () => {
    const owner = await verifiedAccount(t);
    const first = await post(t, '/register', registration({ email: uniqueEmail() }));
    const again = await post(
      t,
      '/register',
      registration({ email: owner.email.toUpperCase(), name: 'Someone Else' }),
    );
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    const rows = await t.db.select().from(users).where(sql`lower(${users.email}) = ${owner.email}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe('Asha Rao');
    expect((await latestMailTo(t, owner.email))?.subject).toBe(
      'Someone tried to register with your e-mail address',
    );
  });

  it('refuses someone under 18, mismatched passwords, a role other than client or notary, and unknown fields', async () => {
    const tooYoung = new Date();
    tooYoung.setFullYear(tooYoung.getFullYear() - 17);
    const res = await post(t, '/register', {
      ...registration({
        dateOfBirth: tooYoung.toISOString().slice(0, 10),
        confirmPassword: 'something else entirely',
      }),
    });
    expect(res.statusCode).toBe(400);
    const paths = (res.json().details as Array<{ path: string }>).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.dateOfBirth', 'body.confirmPassword']));
    expect(res.json().code).toBe('request.invalid');

    expect((await post(t, '/register', registration({ role: 'admin' }))).statusCode).toBe(400);
    expect((await post(t, '/register', { ...registration(), isAdmin: true })).statusCode).toBe(400);
    expect((await post(t, '/register', registration({ termsAccepted: false }))).statusCode).toBe(400);
    expect((await post(t, '/register', registration({ mobile: '12345' }))).json().details[0].path).toBe(
      'body.mobile',
    );
  });

  it('refuses a common password with a clear message, and stores nothing', async () => {
    const email = uniqueEmail('weak');
    const res = await post(
      t,
      '/register',
      registration({ email, password: 'password123', confirmPassword: 'password123' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'auth.password_weak',
      message: expect.stringContaining('too easy to guess'),
    });
    expect(await userByEmail(email)).toBeUndefined();
  });
});

describe('e-mail verification', () => {
  it('works once: the same link a second time is refused', async () => {
    const body = registration();
    await post(t, '/register', body);
    const token = tokenFromMail((await latestMailTo(t, body.email))?.text ?? '', '/verify-email/');
    const first = await post(t, `/verify-email/${token}`, {});
    expect(first.statusCode).toBe(200);
    expect((await userByEmail(body.email))?.emailVerifiedAt).toBeInstanceOf(Date);
    const second = await post(t, `/verify-email/${token}`, {});
    expect(second.statusCode).toBe(400);
    expect(second.json().code).toBe('auth.token_invalid');
  });

  it('refuses an expired link', async () => {
    const body = registration();
    await post(t, '/register', body);
    const token = tokenFromMail((await latestMailTo(t, body.email))?.text ?? '', '/verify-email/');
    const user = await userByEmail(body.email);
    await t.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(accountTokens.userId, user?.id ?? ''));
    expect((await post(t, `/verify-email/${token}`, {})).statusCode).toBe(400);
    expect((await userByEmail(body.email))?.emailVerifiedAt).toBeNull();
  });

  it('resend answers the same for any address, mails only an unverified account, and the old link stops working', async () => {
    const body = registration();
    await post(t, '/register', body);
    const oldToken = tokenFromMail((await latestMailTo(t, body.email))?.text ?? '', '/verify-email/');

    const unknown = await post(t, '/verify-email/resend', { email: uniqueEmail('nobody') });
    const known = await post(t, '/verify-email/resend', { email: body.email });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(await mailsTo(t, body.email)).toHaveLength(2);

    expect((await post(t, `/verify-email/${oldToken}`, {})).statusCode).toBe(400);
    const newToken = tokenFromMail((await latestMailTo(t, body.email))?.text ?? '', '/verify-email/');
    expect((await post(t, `/verify-email/${newToken}`, {})).statusCode).toBe(200);
  });

  it('rate-limits resend with a clear 429', async () => {
    const email = uniqueEmail('resend');
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await post(t, '/verify-email/resend', { email }));
    const limited = answers.at(-1);
    expect(limited?.statusCode).toBe(429);
    expect(limited?.json()).toMatchObject({
      code: 'request.rate_limited',
      message: expect.stringMatching(/Too many/),
    });
  });
});

describe('the session cookie over HTTPS', () => {
  it('is __Host- prefixed, Secure, httpOnly and SameSite=Lax when PUBLIC_URL is https', async () => {
    const account = await verifiedAccount(t);
    const res = await post(t, '/login', account);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-mohar_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).not.toMatch(/Domain=/);
  });
});
