import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../testing/applications.ts';
import {
  type Builders,
  type BuiltLiveSession,
  type BuiltUser,
  buildersFor,
} from '../../testing/builders/index.ts';
import { recordPart } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
let compliance: BuiltUser;
let live: BuiltLiveSession;

beforeAll(async () => {
  // Sessions run 10:00–20:00 IST: the app's clock stays at noon for the live session built here.
  t = await createTestApp({ now: () => new Date('2026-11-23T12:00:00+05:30') });
  build = buildersFor(t);
  compliance = await build.admin({ adminRoles: ['compliance'], mfa: false });
  live = await build.liveSession();
});
afterAll(() => t.close());

type Page = {
  events: Array<{
    _id: string;
    action: string;
    actor: { _id: string; email: string } | null;
    actorRole: string;
    actorAdminRoles: string[];
    subjectType: string;
    subjectId: string;
    detail: string | null;
    ipAddress: string | null;
  }>;
  totalPages: number;
  page: number;
};
const audit = async (query: string, cookie = compliance.cookie) => {
  const res = await call(t, 'GET', `/admin/audit${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const todayIst = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
const readImage = (admin: BuiltUser, reason: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/applications/${live.id}/signatories/${live.signatories[0]?.id}/identity/selfie?reason=${encodeURIComponent(reason)}`,
    headers: { cookie: admin.cookie },
    remoteAddress: '203.0.113.41',
  });

describe('GET /admin/audit (issue 22)', () => {
  it('shows who read a signatory’s identity image: the admin, their roles, the record, the address', async () => {
    const support = await build.admin({ adminRoles: ['support'], mfa: false });
    expect((await readImage(support, 'Complaint MOH-77 review')).statusCode).toBe(200);
    const found = await audit(`?action=identity.image_read&actor=${encodeURIComponent(support.email)}`);
    expect(found.events).toHaveLength(1);
    expect(found.events[0]).toMatchObject({
      action: 'identity.image_read',
      actor: { _id: support.id, email: support.email },
      actorRole: 'admin',
      actorAdminRoles: ['support'],
      subjectType: 'signatory',
      subjectId: live.signatories[0]?.id,
      detail: 'selfie: Complaint MOH-77 review',
      ipAddress: '203.0.113.41',
    });
  });

  it('gathers every module’s events: application changes, account actions, recordings and the register', async () => {
    const owner = await build.admin({ mfa: false });
    const client = await build.user();
    await call(t, 'POST', `/admin/clients/${client.id}/suspend`, owner.cookie, {
      reason: 'Chargeback review',
    });
    // Recorded by the notary's browser too, as before decision 0081: reading that file is audited.
    const sealed = await build.application({ status: 'notarised', recording: 'browser' });
    const notary = sealed.notary;
    if (!notary) throw new Error('a notarised application has its notary');
    expect((await call(t, 'GET', `/sessions/${sealed.id}/recording`, owner.cookie)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/notary/register', notary.cookie)).statusCode).toBe(200);

    const forClient = await audit(`?search=${client.id}`);
    expect(forClient.events.map((e) => [e.action, e.detail])).toEqual([
      ['account.suspend', 'Chargeback review'],
    ]);
    const forApplication = (await audit(`?search=${sealed.id}&pageSize=50`)).events.map((e) => e.action);
    expect(forApplication).toContain('recording.read');
    expect(forApplication).toContain('application.status_changed');
    const register = await audit(`?action=register.read&actor=${notary.id}`);
    expect(register.events.map((e) => [e.actorRole, e.subjectId])).toEqual([['notary', notary.id]]);
  });

  it('shows the live call’s events and a notary’s availability changes (decision 0058)', async () => {
    const session = await build.liveSession();
    const signatory = session.signatories[0]?.id ?? '';
    await recordPart(t, session);
    const decided = await call(
      t,
      'POST',
      `/sessions/${session.id}/signatories/${signatory}/identity-decision`,
      session.notary.cookie,
      { decision: 'not_confirmed', note: 'Private note of the notary' },
    );
    expect(decided.statusCode, decided.body).toBe(200);
    const forCall = (await audit(`?search=${session.id}&pageSize=50`)).events;
    const decision = forCall.find((e) => e.action === 'session.identity_not_confirmed');
    expect(decision).toMatchObject({
      actor: { _id: session.notary.id },
      actorRole: 'notary',
      subjectType: 'application',
      subjectId: session.id,
      detail: `about signatory ${signatory}`,
    });
    // The notary's note stays with the notary.
    expect(JSON.stringify(forCall)).not.toContain('Private note');

    const notary = await build.notary();
    const set = (body: object) => call(t, 'PUT', '/notary/availability', notary.cookie, body);
    expect((await set({ isOnline: true, workingHours: { from: '11:00', to: '18:00' } })).statusCode).toBe(
      200,
    );
    expect((await set({ isOnline: false })).statusCode).toBe(200);
    const changes = await audit(`?action=notary.availability_changed&actor=${notary.id}`);
    expect(changes.events.map((e) => [e.actorRole, e.subjectId, e.detail])).toEqual([
      ['notary', notary.id, 'offline, hours 11:00–18:00 (notary)'],
      ['notary', notary.id, 'online, hours 11:00–18:00 (notary)'],
    ]);
  });

  it('narrows by action, actor, free text (the actor’s name too) and IST days', async () => {
    const reader = await build.admin({ name: 'Vidya Auditwala', mfa: false });
    await readImage(reader, 'Narrowing check');
    expect((await audit('?search=Auditwala')).events.map((e) => e.actor?._id)).toEqual([reader.id]);
    expect((await audit(`?actor=${reader.id}&action=account.suspend`)).events).toEqual([]);
    expect((await audit(`?actor=${reader.id}&from=${todayIst()}&to=${todayIst()}`)).events).toHaveLength(1);
    expect((await audit(`?actor=${reader.id}&from=2099-01-01`)).events).toEqual([]);
    expect((await audit(`?actor=${reader.id}&to=2000-01-01`)).events).toEqual([]);
    expect((await audit('?actor=nobody%40example.com')).events).toEqual([]);
    // Pattern characters are text, not wildcards.
    expect((await audit('?search=%25%25%25')).events).toEqual([]);
    expect((await call(t, 'GET', '/admin/audit?action=everything', compliance.cookie)).statusCode).toBe(400);
  });

  it('pages newest first in the spec’s shape; a page past the end is empty with the right totalPages', async () => {
    const reader = await build.admin({ mfa: false });
    for (const reason of ['First read', 'Second read', 'Third read']) await readImage(reader, reason);
    const first = await audit(`?actor=${reader.id}&pageSize=2`);
    expect(Object.keys(first).sort()).toEqual(['events', 'page', 'totalPages']);
    expect(first).toMatchObject({ page: 1, totalPages: 2 });
    expect(first.events.map((e) => e.detail)).toEqual(['selfie: Third read', 'selfie: Second read']);
    expect((await audit(`?actor=${reader.id}&pageSize=2&page=2`)).events.map((e) => e.detail)).toEqual([
      'selfie: First read',
    ]);
    expect(await audit(`?actor=${reader.id}&pageSize=2&page=7`)).toEqual({
      events: [],
      totalPages: 2,
      page: 7,
    });
  });

  it('exports the same filters as CSV whose cells a spreadsheet never runs as formulas', async () => {
    const owner = await build.admin({ mfa: false });
    const client = await build.user();
    await call(t, 'POST', `/admin/clients/${client.id}/suspend`, owner.cookie, {
      reason: '=HYPERLINK("http://evil.example","x")',
    });
    const res = await call(t, 'GET', `/admin/audit.csv?search=${client.id}`, compliance.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('When (UTC),Who,E-mail,Role,Admin roles,Action,Record,Record id,Detail,IP address');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `account.suspend,account,${client.id},"'=HYPERLINK(""http://evil.example"",""x"")"`,
    );
  });

  it('is for compliance and owners only: other admins, clients and notaries get 404, visitors 401', async () => {
    const owner = await build.admin({ mfa: false });
    expect((await call(t, 'GET', '/admin/audit', owner.cookie)).statusCode).toBe(200);
    const refused = [
      await build.admin({ adminRoles: ['support', 'content', 'finance'] }),
      await build.user(),
      live.notary,
    ];
    for (const who of refused)
      for (const url of ['/admin/audit', '/admin/audit.csv']) {
        const res = await call(t, 'GET', url, who.cookie);
        expect([res.statusCode, res.json().code]).toEqual([404, 'request.not_found']);
      }
    expect((await call(t, 'GET', '/admin/audit')).statusCode).toBe(401);
  });

  it('keeps the trail append-only', async () => {
    // The database refuses, whatever the code path (drizzle wraps the trigger's message as the error's cause).
    const causeOf = (attempt: Promise<unknown>) =>
      attempt.then(
        () => 'done',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await causeOf(t.db.execute(sql`delete from audit_events`))).toMatch(/append-only/);
    expect(await causeOf(t.db.execute(sql`update audit_events set detail = 'x'`))).toMatch(/append-only/);
  });
});
