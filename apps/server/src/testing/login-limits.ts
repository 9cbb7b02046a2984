import { LOGIN_LIMITS } from '@mohar/contracts';
import { expect, it } from 'vitest';
import { currentTotp } from '../modules/auth/mfa.ts';
import { API, mailsTo, nextClientAddress, sessionCookieOf, tokenFromMail } from './accounts.ts';
import { buildersFor } from './builders/index.ts';
import type { TestApp } from './test-app.ts';

type App = TestApp['app'];
type Credentials = { email: string; password: string };

export const SIGN_IN_LINK_SUBJECT = 'Someone is trying to sign in to your Mohar account';

const login = (app: App, credentials: Credentials, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: `${API}/login`,
    payload: { email: credentials.email, password: credentials.password },
    remoteAddress,
  });

const useLink = (app: App, token: string) =>
  app.inject({ method: 'POST', url: `${API}/login/link/${token}`, payload: {} });

const sessionOf = (app: App, cookie: string) =>
  app.inject({ method: 'GET', url: `${API}/session`, headers: { cookie } });

const wrong = (account: Credentials, i: number) => ({ email: account.email, password: `wrong guess ${i}` });

/** Wrong passwords for the account, each from an address of its own, spread over the apps in turn. */
async function guessFromManyAddresses(apps: App[], account: Credentials, count: number) {
  for (let i = 0; i < count; i++) {
    const res = await login(apps[i % apps.length] as App, wrong(account, i), nextClientAddress());
    expect(res.statusCode).toBe(401);
  }
}

async function signInLinksTo(t: TestApp, email: string) {
  return (await mailsTo(t, email)).filter((mail) => mail.subject === SIGN_IN_LINK_SUBJECT);
}

/**
 * The wrong-password rules as two server processes on one store see them (issue 19): the same tests for the Redis
 * counters and the database ones. `apps` gives the two processes once the suite has built them.
 */
export function loginLimitTests(setup: () => { t: TestApp; apps: [App, App] }) {
  it('refuses the 6th wrong password for an account from one address, whichever process answers', async () => {
    const { t, apps } = setup();
    const account = await buildersFor(t).user({ mfa: false, signedIn: false });
    const address = nextClientAddress();
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      const res = await login(apps[i % 2] as App, wrong(account, i), address);
      expect(res.statusCode).toBe(401);
    }
    for (const app of apps) {
      const refused = await login(app, account, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: 'Too many failed attempts. Wait 15 minutes, or reset your password.',
        code: 'request.rate_limited',
      });
    }
    // The owner, from their own address, is not locked out by the stranger.
    expect((await login(apps[1], account, nextClientAddress())).statusCode).toBe(200);
  });

  it('counts guesses sent all at once: five get an answer about the password, the rest are refused', async () => {
    const { t, apps } = setup();
    const account = await buildersFor(t).user({ mfa: false, signedIn: false });
    const address = nextClientAddress();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(apps[i % 2] as App, wrong(account, i), address)),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
  });

  it('past 20 failures from many addresses pauses password sign-in and mails the owner one link that works once', async () => {
    const { t, apps } = setup();
    const account = await buildersFor(t).user({ mfa: false, signedIn: false });
    await guessFromManyAddresses(apps, account, LOGIN_LIMITS.perAccount - 1);
    // Below the limit, the owner still signs in from a fresh address; no mail yet.
    expect((await login(apps[0], account, nextClientAddress())).statusCode).toBe(200);
    expect(await signInLinksTo(t, account.email)).toHaveLength(0);

    await guessFromManyAddresses(apps, account, 1);
    for (const app of apps) {
      const paused = await login(app, account, nextClientAddress());
      expect(paused.statusCode).toBe(429);
      expect(paused.json().code).toBe('auth.account_throttled');
      expect(paused.json().message).toMatch(/e-mailed you a one-time sign-in link/);
    }
    // More attempts while paused send no more mail: one per window.
    await login(apps[1], wrong(account, 99), nextClientAddress());
    const mails = await signInLinksTo(t, account.email);
    expect(mails).toHaveLength(1);

    const token = tokenFromMail(mails[0]?.text ?? '', '/sign-in-link/');
    const signedIn = await useLink(apps[1], token);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(account.email);
    expect((await sessionOf(apps[0], sessionCookieOf(signedIn))).statusCode).toBe(200);
    const again = await useLink(apps[0], token);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('auth.token_invalid');
  });

  it('with two-step verification, the link leads to the same second step as the password', async () => {
    const { t, apps } = setup();
    const account = await buildersFor(t).user({ mfa: true, signedIn: false });
    await guessFromManyAddresses(apps, account, LOGIN_LIMITS.perAccount);
    const [mail] = await signInLinksTo(t, account.email);
    const linked = await useLink(apps[0], tokenFromMail(mail?.text ?? '', '/sign-in-link/'));
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toEqual({ mfaRequired: true, message: expect.any(String) });
    const pending = sessionCookieOf(linked);
    expect((await sessionOf(apps[0], pending)).statusCode).toBe(401);
    const done = await apps[1].inject({
      method: 'POST',
      url: `${API}/login/mfa`,
      payload: { code: await currentTotp(account.mfa?.secret ?? '') },
      headers: { cookie: pending },
    });
    expect(done.statusCode).toBe(200);
    expect((await sessionOf(apps[0], sessionCookieOf(done))).statusCode).toBe(200);
  });

  it('an unknown e-mail is paused the same way, so the answer reveals no account', async () => {
    const { apps } = setup();
    const ghost = { email: `ghost-${Date.now()}@example.in`, password: 'anything at all' };
    await guessFromManyAddresses(apps, ghost, LOGIN_LIMITS.perAccount);
    const paused = await login(apps[0], ghost, nextClientAddress());
    expect(paused.statusCode).toBe(429);
    expect(paused.json().code).toBe('auth.account_throttled');
  });
}
