import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { get, logIn, post, sessionCookieOf, verifiedAccount } from '../../testing/accounts.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { currentTotp } from './mfa.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MFA_REQUIRED_ROLES: 'notary' } });
});
afterAll(() => t.close());

const STEP_MS = 30_000;

/** Turns MFA on through the API and returns the secret and recovery codes. */
async function enableMfa(cookie: string) {
  const setup = await post(t, '/profile/mfa/setup', {}, cookie);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl, qrSvg } = setup.json();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Mohar:.+\?secret=/);
  expect(qrSvg).toMatch(/^<svg/);
  // A code from the previous time step: the login below uses the current one, which must still be unused.
  const enabled = await post(
    t,
    '/profile/mfa/enable',
    { code: await currentTotp(secret, Date.now() - STEP_MS) },
    cookie,
  );
  expect(enabled.statusCode).toBe(200);
  return { secret: secret as string, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

async function startLogin(account: { email: string; password: string }) {
  const res = await post(t, '/login', account);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ mfaRequired: true, message: expect.any(String) });
  return sessionCookieOf(res);
}

describe('TOTP two-step verification', () => {
  it('stores the secret encrypted, gives 10 single-use recovery codes, then asks for a code at login', async () => {
    const account = await verifiedAccount(t);
    const cookie = await logIn(t, account);
    const { secret, recoveryCodes } = await enableMfa(cookie);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [row] = await t.db.select().from(users).where(eq(users.email, account.email));
    expect(row?.mfaSecretEncrypted).toMatch(/^v1\./);
    expect(row?.mfaSecretEncrypted).not.toContain(secret);

    const pending = await startLogin(account);
    // Half-way through, the cookie opens nothing.
    expect((await get(t, '/session', pending)).statusCode).toBe(401);
    const wrong = await post(t, '/login/mfa', { code: '000000' }, pending);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('auth.mfa_invalid_code');
    const done = await post(t, '/login/mfa', { code: await currentTotp(secret) }, pending);
    expect(done.statusCode).toBe(200);
    expect(done.json().user.mfaEnabled).toBe(true);
    const full = sessionCookieOf(done);
    expect(full).not.toBe(pending);
    expect((await get(t, '/session', full)).statusCode).toBe(200);
    expect((await get(t, '/session', pending)).statusCode).toBe(401);
  });

  it('never accepts the same code twice, and a recovery code works once', async () => {
    const account = await verifiedAccount(t);
    const { secret, recoveryCodes } = await enableMfa(await logIn(t, account));
    const code = await currentTotp(secret);
    expect((await post(t, '/login/mfa', { code }, await startLogin(account))).statusCode).toBe(200);
    expect((await post(t, '/login/mfa', { code }, await startLogin(account))).statusCode).toBe(401);

    const recovery = recoveryCodes[0] ?? '';
    expect(
      (await post(t, '/login/mfa', { code: recovery.toUpperCase() }, await startLogin(account))).statusCode,
    ).toBe(200);
    expect((await post(t, '/login/mfa', { code: recovery }, await startLogin(account))).statusCode).toBe(401);
  });

  it('ends the attempt after five wrong codes: the password step must be repeated', async () => {
    const account = await verifiedAccount(t);
    const { secret } = await enableMfa(await logIn(t, account));
    const pending = await startLogin(account);
    for (let i = 0; i < 4; i++)
      expect((await post(t, '/login/mfa', { code: '111111' }, pending)).statusCode).toBe(401);
    const fifth = await post(t, '/login/mfa', { code: '111111' }, pending);
    expect(fifth.statusCode).toBe(429);
    const after = await post(t, '/login/mfa', { code: await currentTotp(secret) }, pending);
    expect(after.statusCode).toBe(400);
    expect(after.json().code).toBe('auth.mfa_not_pending');
  });

  it('a password reset does not switch MFA off', async () => {
    const account = await verifiedAccount(t);
    await enableMfa(await logIn(t, account));
    await post(t, '/password/forgot', { email: account.email });
    const [row] = await t.db.select().from(users).where(eq(users.email, account.email));
    expect(row?.mfaEnabledAt).toBeInstanceOf(Date);
    expect((await post(t, '/login', account)).json().mfaRequired).toBe(true);
  });

  it('turning MFA off needs the password and a code', async () => {
    const account = await verifiedAccount(t);
    const cookie = await logIn(t, account);
    const { recoveryCodes } = await enableMfa(cookie);
    const noPassword = await post(
      t,
      '/profile/mfa/disable',
      { password: 'wrong password', code: recoveryCodes[1] ?? '' },
      cookie,
    );
    expect(noPassword.json().code).toBe('auth.password_wrong');
    const ok = await post(
      t,
      '/profile/mfa/disable',
      { password: account.password, code: recoveryCodes[1] ?? '' },
      cookie,
    );
    expect(ok.statusCode).toBe(200);
    expect((await post(t, '/login', account)).json().user.mfaEnabled).toBe(false);
  });
});

describe('MFA_REQUIRED_ROLES=notary', () => {
  it('a notary without MFA is told to set it up and cannot turn it off once on; a client is not asked', async () => {
    const notary = await verifiedAccount(t, { role: 'notary' });
    const login = await post(t, '/login', notary);
    expect(login.json().user).toMatchObject({ role: 'notary', mfaEnabled: false, mfaSetupRequired: true });
    const cookie = sessionCookieOf(login);
    // Setup itself stays open.
    const { recoveryCodes } = await enableMfa(cookie);
    expect((await get(t, '/session', cookie)).json().user.mfaSetupRequired).toBe(false);
    const off = await post(
      t,
      '/profile/mfa/disable',
      { password: notary.password, code: recoveryCodes[0] ?? '' },
      cookie,
    );
    expect(off.statusCode).toBe(409);

    const client = await verifiedAccount(t);
    expect((await post(t, '/login', client)).json().user.mfaSetupRequired).toBe(false);
  });

  it('the guard refuses a notary who has not set MFA up with 403 auth.mfa_setup_required', async () => {
    const notary = await verifiedAccount(t, { role: 'notary' });
    const cookie = await logIn(t, notary);
    const guard = t.app.mohar.guard.requireUser({ roles: ['notary'] });
    const request = {
      cookies: Object.fromEntries([cookie.split('=') as [string, string]]),
      auth: null,
    } as never;
    await expect(guard(request)).rejects.toMatchObject({ statusCode: 403, code: 'auth.mfa_setup_required' });
  });
});
