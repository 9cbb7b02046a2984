import {
  ADMIN_ROLES,
  type AdminApplicationDetail,
  type AdminApplicationsResponse,
  type FailedSeal,
  type LiveSession,
  STUCK_IDENTITY_NOT_SUBMITTED_HOURS,
  STUCK_WAITING_FOR_NOTARY_MINUTES,
} from '@mohar/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, documentVersions, notaryProfiles, notaryRegisterEntries } from '../../db/schema.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { istDateKey } from '../payments/business-days.ts';
import { recordSessionEvent } from '../sessions/call.service.ts';

let t: TestApp;
let build: Builders;
let support: BuiltUser;
/** The app's clock runs `shiftMs` ahead of the real one: the stuck thresholds are crossed by moving it. */
let shiftMs = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: { SERVICE_HOURS_ALWAYS_OPEN: 'true' },
    now: () => new Date(Date.now() + shiftMs),
  });
  build = buildersFor(t);
  support = await build.admin({ adminRoles: ['support'] });
});
afterAll(() => t.close());

const get = async <T>(url: string, cookie = support.cookie) => {
  const res = await call(t, 'GET', url, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const list = (query: string) => get<AdminApplicationsResponse>(`/admin/applications${query}`);
const idsOf = (page: AdminApplicationsResponse) => page.applications.map((a) => a._id).sort();
const today = () => istDateKey(new Date());
const titled = (title: string) => ({ details: { title } });

describe('GET /admin/applications (issue 22)', () => {
  it('lists every client’s applications in the spec’s paging shape; a page past the end is empty', async () => {
    const tag = `paging${Date.now()}`;
    for (let i = 0; i < 3; i += 1) await build.application(titled(`${tag} ${i}`));
    const first = await list(`?search=${tag}&pageSize=2`);
    expect(Object.keys(first).sort()).toEqual(['applications', 'page', 'totalPages']);
    expect(first).toMatchObject({ page: 1, totalPages: 2 });
    expect(first.applications).toHaveLength(2);
    const past = await list(`?search=${tag}&pageSize=2&page=5`);
    expect(past).toEqual({ applications: [], page: 5, totalPages: 2 });
  });

  it('narrows by status, notary, act, fee range, IST days (made, paid, notarised) and the owner’s e-mail', async () => {
    const tag = `filters${Date.now()}`;
    const notary = await build.notary();
    const paid = await build.application({
      ...titled(`${tag} paid`),
      status: 'paid',
      notaryChoice: 'named',
      notary,
    });
    const draft = await build.application({
      details: { title: `${tag} draft`, notarialAct: 'true_copy', documentType: 'other' },
    });
    const day = today();
    const q = (rest: string) => list(`?search=${tag}${rest}`);

    expect(idsOf(await q(''))).toEqual([paid.id, draft.id].sort());
    expect(idsOf(await q('&status=awaiting_identity'))).toEqual([paid.id]);
    expect(idsOf(await q(`&notary=${notary.id}`))).toEqual([paid.id]);
    expect(idsOf(await q('&act=true_copy'))).toEqual([draft.id]);
    const fee = paid.totalPaise ?? 0;
    expect(idsOf(await q(`&minPaise=${fee}&maxPaise=${fee}`))).toEqual([paid.id]);
    expect(idsOf(await q(`&minPaise=${fee + 1}`))).toEqual([]);
    expect(idsOf(await q(`&from=${day}&to=${day}`))).toEqual([paid.id, draft.id].sort());
    expect(idsOf(await q('&from=2020-01-01&to=2020-01-31'))).toEqual([]);
    expect(idsOf(await q(`&dateOf=paid&from=${day}&to=${day}`))).toEqual([paid.id]);
    expect(idsOf(await q(`&dateOf=notarised&from=${day}&to=${day}`))).toEqual([]);
    expect(idsOf(await list(`?search=${encodeURIComponent(paid.owner.email.toUpperCase())}`))).toEqual([
      paid.id,
    ]);

    const row = (await q('&status=awaiting_identity')).applications[0];
    expect(row).toMatchObject({
      owner: { _id: paid.owner.id },
      notary: { _id: notary.id, name: notary.fullName },
      totalPaise: fee,
      stuck: null,
    });
    const bad = await call(t, 'GET', '/admin/applications?minPaise=-1', support.cookie);
    expect(bad.statusCode).toBe(400);
  });

  it(`flags waiting for a notary over ${STUCK_WAITING_FOR_NOTARY_MINUTES} min and identity not submitted over ${STUCK_IDENTITY_NOT_SUBMITTED_HOURS} h`, async () => {
    const tag = `stuck${Date.now()}`;
    const waiting = await build.application({ ...titled(`${tag} waiting`), status: 'waiting_for_notary' });
    const identity = await build.application({ ...titled(`${tag} identity`), status: 'paid' });
    const stuckOf = async () =>
      Object.fromEntries((await list(`?search=${tag}`)).applications.map((a) => [a._id, a.stuck]));
    try {
      expect(await stuckOf()).toEqual({ [waiting.id]: null, [identity.id]: null });
      shiftMs = (STUCK_WAITING_FOR_NOTARY_MINUTES + 1) * 60_000;
      expect(await stuckOf()).toEqual({ [waiting.id]: 'waiting_for_notary', [identity.id]: null });
      shiftMs = (STUCK_IDENTITY_NOT_SUBMITTED_HOURS + 1) * 3_600_000;
      expect(await stuckOf()).toEqual({
        [waiting.id]: 'waiting_for_notary',
        [identity.id]: 'identity_not_submitted',
      });
      expect(idsOf(await list(`?search=${tag}&stuck=true`))).toEqual([waiting.id, identity.id].sort());
      // Once every signatory has submitted their identity, it is no longer stuck on them.
      const [signatory] = identity.signatories;
      await build.advanceSignatory({
        token: signatory?.token ?? '',
        email: signatory?.email ?? '',
        to: 'identity_submitted',
      });
      expect((await stuckOf())[identity.id]).not.toBe('identity_not_submitted');
    } finally {
      shiftMs = 0;
    }
  });
});

describe('live sessions and one application’s record (issue 22)', () => {
  it('shows who is in the call, the recording and since when; the record has signatories, payments and both timelines', async () => {
    const session = await build.liveSession({ recording: 'started' });
    const signatory = session.signatories[0];
    if (!signatory) throw new Error('no signatory');
    await recordSessionEvent(t.db, {
      applicationId: session.id,
      kind: 'joined',
      actor: `user:${session.notary.id}`,
    });
    await recordSessionEvent(t.db, {
      applicationId: session.id,
      kind: 'joined',
      actor: `signatory:${signatory.id}`,
    });
    await recordSessionEvent(t.db, {
      applicationId: session.id,
      kind: 'left',
      actor: `signatory:${signatory.id}`,
    });

    const { sessions } = await get<{ sessions: LiveSession[] }>('/admin/sessions/live');
    const live = sessions.find((s) => s.applicationId === session.id);
    expect(live).toMatchObject({
      notary: { _id: session.notary.id },
      present: [{ role: 'notary', name: session.notary.fullName }],
      recording: { state: 'recording' },
      seal: null,
    });
    expect(Date.now() - new Date(live?.startedAt ?? 0).getTime()).toBeLessThan(10 * 60_000);

    const detail = await get<AdminApplicationDetail>(`/admin/applications/${session.id}`);
    expect(detail.application.status).toBe('in_session');
    expect(detail.ownerEmail).toBe(session.owner.email);
    expect(detail.application.signatories.map((s) => [s.fullName, s.progress])).toEqual([
      // Images without a QR: the notary checks the card in the call.
      [signatory.fullName, 'needs_notary_review'],
    ]);
    expect(detail.payments).toMatchObject([{ status: 'paid', amountPaise: session.totalPaise }]);
    expect(detail.session.present.map((p) => p.role)).toEqual(['notary']);
    expect(detail.session.recording.state).toBe('recording');
    expect(detail.statusEvents.map((e) => e.toStatus)).toContain('in_session');
    // The server recorder's fact that the notary's media reached it is on the timeline too (decision 0081).
    expect(detail.sessionEvents.map((e) => e.kind)).toEqual([
      'recording_started',
      'joined',
      'joined',
      'left',
    ]);

    const missing = await call(t, 'GET', `/admin/applications/${crypto.randomUUID()}`, support.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('applications.not_found');
  });
});

describe('failed seals and their retry (issue 22)', () => {
  it('lists a failed seal; the retry seals it once, audited; a second retry changes nothing', async () => {
    const notary = await build.notary({ certificate: 'platform' });
    const session = await build.liveSession({ status: 'signed', notary });
    // Sealing needs a verified notary: with the profile's status knocked out underneath, the notary's seal fails.
    const setStatus = (status: string) =>
      t.db.update(notaryProfiles).set({ status }).where(eq(notaryProfiles.userId, notary.id));
    await setStatus('suspended');
    const sealed = await call(t, 'POST', `/sessions/${session.id}/seal`, notary.cookie, {});
    expect(sealed.statusCode).toBe(503);
    const failed = await get<{ seals: FailedSeal[] }>('/admin/seals/failed');
    expect(failed.seals.find((s) => s.applicationId === session.id)).toMatchObject({
      attempts: 1,
      notary: { _id: notary.id },
    });

    // A retry while the cause remains fails again, and says so.
    const again = await call(t, 'POST', `/admin/seals/${session.id}/retry`, support.cookie, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ outcome: 'failed', seal: { status: 'failed', attempts: 2 } });

    await setStatus('verified');
    const retried = await call(t, 'POST', `/admin/seals/${session.id}/retry`, support.cookie, {});
    expect(retried.json()).toMatchObject({ outcome: 'sealed', seal: { status: 'done', attempts: 3 } });
    const view = await get<AdminApplicationDetail>(`/admin/applications/${session.id}`);
    expect(view.application.status).toBe('notarised');
    expect(view.seal?.status).toBe('done');
    const after = await get<{ seals: FailedSeal[] }>('/admin/seals/failed');
    expect(after.seals.some((s) => s.applicationId === session.id)).toBe(false);

    const stored = async () => ({
      register: (
        await t.db
          .select()
          .from(notaryRegisterEntries)
          .where(eq(notaryRegisterEntries.applicationId, session.id))
      ).length,
      versions: (
        await t.db.select().from(documentVersions).where(eq(documentVersions.applicationId, session.id))
      ).length,
    });
    const before = await stored();
    expect(before.register).toBe(1);
    const twice = await call(t, 'POST', `/admin/seals/${session.id}/retry`, support.cookie, {});
    expect(twice.json()).toMatchObject({ outcome: 'already_sealed', seal: { status: 'done', attempts: 3 } });
    expect(await stored()).toEqual(before);

    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'seal.retry'), eq(auditEvents.subjectId, session.id)));
    expect(audited.map((row) => [row.actorId, row.actorAdminRoles, row.detail]).sort()).toEqual(
      [
        [support.id, ['support'], 'attempt 2: failed'],
        [support.id, ['support'], 'attempt 3: sealed'],
        [support.id, ['support'], 'attempt 3: already sealed, nothing done'],
      ].sort(),
    );

    const draft = await build.application();
    const none = await call(t, 'POST', `/admin/seals/${draft.id}/retry`, support.cookie, {});
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('sealing.no_seal');
  });
});

describe('who may use these routes (the role matrix)', () => {
  const ROUTES = [
    ['GET', '/admin/applications'],
    ['GET', '/admin/applications/00000000-0000-4000-8000-000000000000'],
    ['GET', '/admin/sessions/live'],
    ['GET', '/admin/seals/failed'],
    ['POST', '/admin/seals/00000000-0000-4000-8000-000000000000/retry'],
  ] as const;
  const isRefused = (res: { statusCode: number; json: () => { code?: string } }) =>
    res.statusCode === 404 && res.json().code === 'request.not_found';

  it('admits support and owner only; other admins, clients and notaries get 404, a visitor 401', async () => {
    const callers = [
      ...(await Promise.all(
        ADMIN_ROLES.map(async (role) => ({ who: role, user: await build.admin({ adminRoles: [role] }) })),
      )),
      { who: 'client', user: await build.user() },
      { who: 'notary', user: await build.notary() },
    ];
    const answers: string[] = [];
    for (const [method, url] of ROUTES) {
      expect((await call(t, method, url, undefined, method === 'POST' ? {} : undefined)).statusCode).toBe(
        401,
      );
      for (const { who, user } of callers) {
        const res = await call(t, method, url, user.cookie, method === 'POST' ? {} : undefined);
        answers.push(`${method} ${url} ${who}: ${isRefused(res) ? 'refused' : 'admitted'}`);
      }
    }
    const expected = ROUTES.flatMap(([method, url]) =>
      callers.map(
        ({ who }) =>
          `${method} ${url} ${who}: ${who === 'owner' || who === 'support' ? 'admitted' : 'refused'}`,
      ),
    );
    expect(answers).toEqual(expected);
  });
});
