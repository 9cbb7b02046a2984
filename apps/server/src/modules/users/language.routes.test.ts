import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, get, PASSWORD, post } from '../../testing/accounts.ts';
import { type Builders, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
});
afterAll(() => t.close());

const choose = (payload: object, cookie?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `${API}/profile/language`,
    payload,
    headers: cookie ? { cookie } : {},
  });

describe('the language is the person’s (issue 23)', () => {
  it('is unset until chosen, so the web follows the browser', async () => {
    const { cookie } = await build.user();
    expect((await get(t, '/session', cookie)).json().user.language).toBeNull();
  });

  it('is stored on the caller’s own account, returned in the session and at the next sign-in', async () => {
    const asha = await build.user();
    const ravi = await build.user();
    const res = await choose({ language: 'hi' }, asha.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: asha.email, language: 'hi' });
    expect((await get(t, '/session', asha.cookie)).json().user.language).toBe('hi');
    // Another person's account is untouched.
    expect((await get(t, '/session', ravi.cookie)).json().user.language).toBeNull();

    const login = await post(t, '/login', { email: asha.email, password: PASSWORD });
    expect(login.json().user.language).toBe('hi');

    expect((await choose({ language: 'en' }, asha.cookie)).json().user.language).toBe('en');
    expect((await get(t, '/session', asha.cookie)).json().user.language).toBe('en');
  });

  it('refuses a language the product does not speak with 400 { message, code }', async () => {
    const { cookie } = await build.user();
    for (const language of ['fr', 'HI', '', null]) {
      const res = await choose({ language }, cookie);
      expect(res.statusCode, String(language)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'request.invalid', message: expect.any(String) });
    }
    expect((await choose({}, cookie)).statusCode).toBe(400);
    expect((await get(t, '/session', cookie)).json().user.language).toBeNull();
  });

  it('refuses unknown fields: nobody sets another account’s language, or anything else, through it', async () => {
    const asha = await build.user();
    const ravi = await build.user();
    const ravisId = (await get(t, '/session', ravi.cookie)).json().user._id;
    for (const extra of [{ userId: ravisId }, { role: 'admin' }, { name: 'Someone' }]) {
      const res = await choose({ language: 'hi', ...extra }, asha.cookie);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().code).toBe('request.invalid');
    }
    expect((await get(t, '/session', ravi.cookie)).json().user.language).toBeNull();
    expect((await get(t, '/session', asha.cookie)).json().user.language).toBeNull();
  });

  it('is closed without a session', async () => {
    const res = await choose({ language: 'hi' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});
