import { LOGIN_LIMITS } from '@mohar/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema.ts';
import { nextClientAddress, post } from '../../testing/accounts.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltLiveSession, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
let live: BuiltLiveSession;

beforeAll(async () => {
  // Sessions run 10:00–20:00 IST: the app's clock stays at noon (the step-up's five minutes follow the real clock).
  t = await createTestApp({ now: () => new Date('2026-11-23T12:00:00+05:30') });
  build = buildersFor(t);
  live = await build.liveSession();
});
afterAll(() => t.close());

const SIX_MINUTES = 6 * 60_000;
const age = (user: { id: string }, ageMs = SIX_MINUTES) =>
  t.app.mohar.authService.backdateProof({ userId: user.id, ageMs });
const imageUrl = () =>
  `/applications/${live.id}/signatories/${live.signatories[0]?.id}/identity/selfie?reason=Complaint%20review`;
const readImage = (cookie: string) => call(t, 'GET', imageUrl(), cookie);
const stepUp = (cookie: string, body: object, address = '203.0.113.7') =>
  post(t, '/auth/step-up', body, cookie, address);

describe('step-up before sensitive admin actions (issue 22)', () => {
  it('lets a fresh session through, asks again after 5 minutes, and lets it through after the password', async () => {
    const admin = await build.admin({ mfa: false });
    expect((await readImage(admin.cookie)).statusCode).toBe(200);

    await age(admin);
    const refused = await readImage(admin.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.step_up_required' });

    const confirmed = await stepUp(admin.cookie, { password: admin.password });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await readImage(admin.cookie)).statusCode).toBe(200);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, admin.id), eq(auditEvents.action, 'auth.step_up')));
    expect(event).toMatchObject({ actorRole: 'admin', detail: 'password', ipAddress: '203.0.113.7' });
  });

  it('asks before suspending or reactivating a client, not before reading a list', async () => {
    const admin = await build.admin({ mfa: false });
    const client = await build.user();
    await age(admin);
    const suspend = await call(t, 'POST', `/admin/clients/${client.id}/suspend`, admin.cookie, {
      reason: 'Chargeback under review',
    });
    expect(suspend.json().code).toBe('auth.step_up_required');
    const reactivate = await call(t, 'POST', `/admin/clients/${client.id}/reactivate`, admin.cookie, {});
    expect(reactivate.json().code).toBe('auth.step_up_required');
    // Refund approvals ask only above a threshold: refunds.routes.test.ts covers both sides of it.
    expect((await call(t, 'GET', '/admin/clients', admin.cookie)).statusCode).toBe(200);
    expect(
      (await call(t, 'POST', `/admin/clients/${client.id}/sessions/end`, admin.cookie, {})).statusCode,
    ).toBe(200);
  });

  it("never asks the session's notary (step-up is for admins)", async () => {
    await age(live.notary);
    expect((await call(t, 'GET', imageUrl().split('?')[0] ?? '', live.notary.cookie)).statusCode).toBe(200);
  });

  it('refuses a wrong password, counts it with sign-in’s failures, and stops guessing at the limit', async () => {
    const admin = await build.admin({ mfa: false });
    await age(admin);
    const address = nextClientAddress();
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i += 1) {
      const wrong = await stepUp(admin.cookie, { password: 'not the password' }, address);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('auth.password_wrong');
    }
    // The next try is refused even with the right password, as sign-in would be from that address.
    const blocked = await stepUp(admin.cookie, { password: admin.password }, address);
    expect(blocked.statusCode).toBe(429);
    expect((await readImage(admin.cookie)).json().code).toBe('auth.step_up_required');
    const login = await post(
      t,
      '/login',
      { email: admin.email, password: admin.password },
      undefined,
      address,
    );
    expect(login.statusCode).toBe(429);
  });

  it('asks an admin with two-step verification for a code, not the password', async () => {
    const admin = await build.admin({ mfa: true });
    await age(admin);
    const withPassword = await stepUp(admin.cookie, { password: admin.password }, nextClientAddress());
    expect(withPassword.statusCode).toBe(400);
    const code = admin.mfa?.recoveryCodes[0] ?? '';
    expect((await stepUp(admin.cookie, { code }, nextClientAddress())).statusCode).toBe(200);
    expect((await readImage(admin.cookie)).statusCode).toBe(200);
  });

  it('is for signed-in admins only', async () => {
    const client = await build.user();
    expect((await stepUp(client.cookie, { password: client.password })).statusCode).toBe(403);
    expect((await post(t, '/auth/step-up', { password: 'x' })).statusCode).toBe(401);
  });
});
