import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, sessions, users } from '../../db/schema.ts';
import { latestMailTo, nextClientAddress, post, tokenFromMail, uniqueEmail } from '../../testing/accounts.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
let owner: BuiltUser;

beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
  owner = await build.admin({ adminRoles: ['owner'], mfa: false });
});
afterAll(() => t.close());

const SIX_MINUTES = 6 * 60_000;
const invite = (body: object, cookie = owner.cookie) => call(t, 'POST', '/admin/admins', cookie, body);
const setRoles = (id: string, roles: string[], cookie = owner.cookie) =>
  call(t, 'PUT', `/admin/admins/${id}/roles`, cookie, { roles });
const remove = (id: string, cookie = owner.cookie) =>
  call(t, 'POST', `/admin/admins/${id}/remove`, cookie, {});
const auditOf = (action: string, subjectId: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.subjectId, subjectId)));
/** Every owner but `keep` loses the role, so a test controls how many owners there are. */
const onlyOwner = async (keep: BuiltUser) => {
  const { admins } = (await call(t, 'GET', '/admin/admins', keep.cookie)).json() as {
    admins: Array<{ _id: string; roles: string[]; removedAt: string | null }>;
  };
  for (const admin of admins)
    if (admin._id !== keep.id && admin.removedAt === null && admin.roles.includes('owner'))
      await t.db
        .update(users)
        .set({ adminRoles: ['support'] })
        .where(eq(users.id, admin._id));
};

describe('an owner manages the admins (issue 22, decision 0058)', () => {
  it('lists admins with their roles, never clients or notaries', async () => {
    const finance = await build.admin({ adminRoles: ['finance', 'content'] });
    const client = await build.user();
    const res = await call(t, 'GET', '/admin/admins', owner.cookie);
    expect(res.statusCode).toBe(200);
    const { admins } = res.json() as { admins: Array<{ _id: string; roles: string[] }> };
    expect(admins.find((a) => a._id === finance.id)?.roles).toEqual(['finance', 'content']);
    expect(admins.find((a) => a._id === owner.id)?.roles).toEqual(['owner']);
    expect(admins.map((a) => a._id)).not.toContain(client.id);
  });

  it('invites by e-mail: the link sets a password, and the new admin signs in with the roles given', async () => {
    const email = uniqueEmail('invited');
    const res = await invite({
      name: 'Kavya Rao',
      email: email.toUpperCase(),
      roles: ['support', 'finance'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().admin).toMatchObject({ email, roles: ['support', 'finance'], emailVerified: false });
    const mail = await latestMailTo(t, email);
    expect(mail?.subject).toBe('You are invited to the Mohar console');
    expect(mail?.text).toContain(owner.name);
    const token = tokenFromMail(mail?.text ?? '', '/password/reset/');
    const password = 'marigold harbour lantern 7';
    const chosen = await call(t, 'PUT', `/password/reset/${token}`, undefined, {
      password,
      confirmPassword: password,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const login = await post(t, '/login', { email, password }, undefined, nextClientAddress());
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user).toMatchObject({ role: 'admin', adminRoles: ['support', 'finance'] });
    const [audited] = await auditOf('admin.invited', res.json().admin._id);
    expect(audited).toMatchObject({ actorId: owner.id, detail: `${email}: support, finance` });
  });

  it('refuses an address that already has an account, and roles that are empty or unknown', async () => {
    const client = await build.user();
    const taken = await invite({ name: 'Someone', email: client.email, roles: ['support'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('admin.email_taken');
    const admin = await build.admin({ adminRoles: ['content'] });
    expect((await invite({ name: 'Someone', email: admin.email, roles: ['support'] })).statusCode).toBe(409);
    expect((await invite({ name: 'Someone', email: uniqueEmail(), roles: [] })).statusCode).toBe(400);
    expect((await invite({ name: 'Someone', email: uniqueEmail(), roles: ['root'] })).statusCode).toBe(400);
    expect((await invite({ name: 'Someone', email: 'not an address', roles: ['support'] })).statusCode).toBe(
      400,
    );
  });

  it("changes an admin's roles, audited, and their next request sees the new roles", async () => {
    const admin = await build.admin({ adminRoles: ['content'] });
    expect((await call(t, 'GET', '/admin/clients', admin.cookie)).statusCode).toBe(404);
    const res = await setRoles(admin.id, ['support']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().admin.roles).toEqual(['support']);
    expect((await call(t, 'GET', '/admin/clients', admin.cookie)).statusCode).toBe(200);
    const [audited] = await auditOf('admin.roles_changed', admin.id);
    expect(audited).toMatchObject({ actorId: owner.id, detail: 'content → support' });
    // Only admins have roles: a client's id names no admin.
    expect((await setRoles((await build.user()).id, ['support'])).json().code).toBe('admin.admin_not_found');
  });

  it('removes access: sign-in refused, sessions ended, audited; inviting the address again restores it', async () => {
    const admin = await build.admin({ adminRoles: ['finance'], mfa: false });
    const res = await remove(admin.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().admin).toMatchObject({ roles: [] });
    expect(res.json().admin.removedAt).not.toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, admin.id))).toEqual([]);
    expect((await call(t, 'GET', '/admin/refunds', admin.cookie)).statusCode).toBe(401);
    const login = await post(
      t,
      '/login',
      { email: admin.email, password: admin.password },
      undefined,
      nextClientAddress(),
    );
    expect(login.json().code).toBe('auth.account_suspended');
    expect(await auditOf('admin.removed', admin.id)).toHaveLength(1);
    expect((await remove(admin.id)).statusCode).toBe(404);

    const back = await invite({ name: admin.name, email: admin.email, roles: ['content'] });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().admin).toMatchObject({ _id: admin.id, roles: ['content'], removedAt: null });
    // The old password no longer opens the account: only the new link does.
    const old = await post(
      t,
      '/login',
      { email: admin.email, password: admin.password },
      undefined,
      nextClientAddress(),
    );
    expect(old.statusCode).toBe(401);
  });

  it('never leaves Mohar without an owner: the last owner can neither be removed nor demote themself', async () => {
    const sole = await build.admin({ adminRoles: ['owner'], mfa: false });
    await onlyOwner(sole);
    const demote = await setRoles(sole.id, ['support'], sole.cookie);
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('admin.last_owner');
    const removed = await remove(sole.id, sole.cookie);
    expect(removed.json().code).toBe('admin.last_owner');
    expect(await auditOf('admin.roles_changed', sole.id)).toEqual([]);

    // With a second owner, the first may step down.
    const second = await build.admin({ adminRoles: ['support'] });
    expect((await setRoles(second.id, ['owner', 'support'], sole.cookie)).statusCode).toBe(200);
    expect((await setRoles(sole.id, ['compliance'], sole.cookie)).statusCode).toBe(200);
    // …and the one owner left is the last again.
    expect((await remove(second.id, second.cookie)).json().code).toBe('admin.last_owner');
    owner = await build.admin({ adminRoles: ['owner'], mfa: false });
  });

  it('asks for the password again before every change, not before the list', async () => {
    const stale = await build.admin({ adminRoles: ['owner'], mfa: false });
    await t.app.mohar.authService.backdateProof({ userId: stale.id, ageMs: SIX_MINUTES });
    const target = await build.admin({ adminRoles: ['content'] });
    expect((await call(t, 'GET', '/admin/admins', stale.cookie)).statusCode).toBe(200);
    for (const res of [
      await invite({ name: 'Late Invite', email: uniqueEmail(), roles: ['support'] }, stale.cookie),
      await setRoles(target.id, ['support'], stale.cookie),
      await remove(target.id, stale.cookie),
    ])
      expect(res.json().code).toBe('auth.step_up_required');
    expect((await post(t, '/auth/step-up', { password: stale.password }, stale.cookie)).statusCode).toBe(200);
    expect((await setRoles(target.id, ['support'], stale.cookie)).statusCode).toBe(200);
  });
});
