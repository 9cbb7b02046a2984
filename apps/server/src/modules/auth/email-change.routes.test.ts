import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  get,
  latestMailTo,
  mailsTo,
  nextClientAddress,
  post,
  tokenFromMail,
  uniqueEmail,
} from '../../testing/accounts.ts';
import { type Builders, buildersFor, PASSWORD } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// The app's clock for the links' lifetimes; tests move it instead of waiting.
let clockAt = new Date('2026-11-23T12:00:00+05:30');
let t: TestApp;
let build: Builders;
beforeAll(async () => {
  t = await createTestApp({ now: () => clockAt });
  build = buildersFor(t);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const signIn = async (email: string) =>
  (await post(t, '/login', { email, password: PASSWORD }, undefined, nextClientAddress())).statusCode;
// Each from its own address: the route's per-address rate limit is not what these tests are about.
const ask = (cookie: string, body: object) => post(t, '/profile/email', body, cookie, nextClientAddress());
const emailOf = async (cookie: string) => (await get(t, '/profile', cookie)).json().user?.email as string;
const confirmLink = async (to: string) =>
  tokenFromMail((await latestMailTo(t, to))?.text ?? '', '/email/confirm/');
const undoLink = async (to: string) => tokenFromMail((await latestMailTo(t, to))?.text ?? '', '/email/undo/');

describe('change of e-mail address (issue 26)', () => {
  it('asks for the password, refuses a taken or the same address, and changes nothing before the link', async () => {
    clockAt = new Date('2026-11-23T12:00:00+05:30');
    const account = await build.user();
    const other = await build.user();
    const newEmail = uniqueEmail('new');

    const wrong = await ask(account.cookie, { newEmail, currentPassword: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('auth.password_wrong');
    expect(await mailsTo(t, newEmail)).toHaveLength(0);

    const taken = await ask(account.cookie, {
      newEmail: other.email.toUpperCase(),
      currentPassword: PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('auth.email_taken');
    expect(
      (await ask(account.cookie, { newEmail: account.email, currentPassword: PASSWORD })).json().code,
    ).toBe('auth.email_same');
    expect(
      (await ask(account.cookie, { newEmail, currentPassword: PASSWORD, role: 'admin' })).statusCode,
    ).toBe(400);
    expect((await post(t, '/profile/email', { newEmail, currentPassword: PASSWORD })).statusCode).toBe(401);

    const asked = await ask(account.cookie, { newEmail, currentPassword: PASSWORD });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await latestMailTo(t, newEmail))?.subject).toBe('Confirm your new e-mail address for Mohar');
    // Until the link is followed, the account keeps its address (and signs in with it).
    expect(await emailOf(account.cookie)).toBe(account.email);
    expect(await signIn(account.email)).toBe(200);
  });

  it('changes the address when the link to the new one is followed, once; the old one is told with an undo link', async () => {
    clockAt = new Date('2026-11-23T12:00:00+05:30');
    const account = await build.user();
    const newEmail = uniqueEmail('new');
    await ask(account.cookie, { newEmail, currentPassword: PASSWORD });
    const token = await confirmLink(newEmail);

    const confirmed = await post(t, `/email/confirm/${token}`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await emailOf(account.cookie)).toBe(newEmail);
    const again = await post(t, `/email/confirm/${token}`, {});
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('auth.token_invalid');

    const told = await latestMailTo(t, account.email);
    expect(told?.subject).toBe('The e-mail address of your Mohar account was changed');
    expect(told?.text).toContain(newEmail);
    expect(told?.text).toContain('/email/undo/');
    // Sign-in now uses the new address.
    expect(await signIn(newEmail)).toBe(200);
    expect(await signIn(account.email)).toBe(401);
  });

  it('a newer request replaces the older link, and a link expires after 24 hours', async () => {
    clockAt = new Date('2026-11-23T12:00:00+05:30');
    const account = await build.user();
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await ask(account.cookie, { newEmail: first, currentPassword: PASSWORD });
    const firstToken = await confirmLink(first);
    await ask(account.cookie, { newEmail: second, currentPassword: PASSWORD });
    const secondToken = await confirmLink(second);
    expect((await post(t, `/email/confirm/${firstToken}`, {})).statusCode).toBe(400);

    clockAt = new Date(clockAt.getTime() + 24 * HOUR + 60_000);
    expect((await post(t, `/email/confirm/${secondToken}`, {})).statusCode).toBe(400);
    expect(await emailOf(account.cookie)).toBe(account.email);
  });

  it('refuses the link when another account took the address in the meantime', async () => {
    clockAt = new Date('2026-11-23T12:00:00+05:30');
    const account = await build.user();
    const newEmail = uniqueEmail('race');
    await ask(account.cookie, { newEmail, currentPassword: PASSWORD });
    const token = await confirmLink(newEmail);
    await build.user({ email: newEmail });
    const res = await post(t, `/email/confirm/${token}`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('auth.email_taken');
    expect(await emailOf(account.cookie)).toBe(account.email);
  });

  it('the undo link restores the old address and ends every session, once, for 7 days', async () => {
    clockAt = new Date('2026-11-23T12:00:00+05:30');
    const account = await build.user();
    const newEmail = uniqueEmail('stolen');
    await ask(account.cookie, { newEmail, currentPassword: PASSWORD });
    await post(t, `/email/confirm/${await confirmLink(newEmail)}`, {});
    const undo = await undoLink(account.email);

    clockAt = new Date(clockAt.getTime() + 6 * 24 * HOUR);
    const undone = await post(t, `/email/undo/${undo}`, {});
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await get(t, '/profile', account.cookie)).statusCode).toBe(401);
    expect(await signIn(account.email)).toBe(200);
    expect((await latestMailTo(t, account.email))?.subject).toBe(
      'The change of your Mohar e-mail address was undone',
    );
    expect((await post(t, `/email/undo/${undo}`, {})).statusCode).toBe(400);
  });

  it('the undo link no longer works after 7 days', async () => {
    clockAt = new Date('2026-11-23T12:00:00+05:30');
    const account = await build.user();
    const newEmail = uniqueEmail('late');
    await ask(account.cookie, { newEmail, currentPassword: PASSWORD });
    await post(t, `/email/confirm/${await confirmLink(newEmail)}`, {});
    const undo = await undoLink(account.email);
    clockAt = new Date(clockAt.getTime() + 7 * 24 * HOUR + 60_000);
    const res = await post(t, `/email/undo/${undo}`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('auth.token_invalid');
    expect(await emailOf(account.cookie)).toBe(newEmail);
  });

  it('writes the mails in the account’s language', async () => {
    clockAt = new Date('2026-11-23T12:00:00+05:30');
    const account = await build.user();
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/v1/profile/language',
          payload: { language: 'hi' },
          headers: { cookie: account.cookie },
        })
      ).statusCode,
    ).toBe(200);
    const newEmail = uniqueEmail('hindi');
    await ask(account.cookie, { newEmail, currentPassword: PASSWORD });
    expect((await latestMailTo(t, newEmail))?.subject).toBe('मोहर के लिए अपने नए ई-मेल पते की पुष्टि करें');
  });
});
