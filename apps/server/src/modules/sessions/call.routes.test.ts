import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, recordingManifests, sessionEvents } from '../../db/schema.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, buildersFor } from '../../testing/builders/index.ts';
import { recordPart } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-23T12:00:00+05:30') });
  build = buildersFor(t);
});
afterAll(() => t.close());

const decide = (id: string, signatoryId: string, cookie: string, body: object) =>
  call(t, 'POST', `/sessions/${id}/signatories/${signatoryId}/identity-decision`, cookie, body);

describe('identity checks in the call', () => {
  it('the notary confirms or does not confirm each signatory, with a note; the latest decision counts; all is logged', async () => {
    const session = await build.liveSession({
      signatories: [{ fullName: 'Asha Rao' }, { fullName: 'Bela Rao' }],
    });
    const [asha, bela] = session.signatories.map((s) => s.id);
    await recordPart(t, session);
    const confirmed = await decide(session.id, asha ?? '', session.notary.cookie, { decision: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Not confirming needs a reason.
    expect(
      (await decide(session.id, bela ?? '', session.notary.cookie, { decision: 'not_confirmed' })).statusCode,
    ).toBe(400);
    await decide(session.id, bela ?? '', session.notary.cookie, {
      decision: 'not_confirmed',
      note: 'The face does not match the card.',
    });
    const changed = await decide(session.id, bela ?? '', session.notary.cookie, {
      decision: 'confirmed',
      note: 'Checked her passport as well.',
    });
    const decisions = changed.json().decisions as Array<{ signatoryId: string; decision: string }>;
    expect(decisions.map((d) => [d.signatoryId, d.decision]).sort()).toEqual(
      [
        [asha, 'confirmed'],
        [bela, 'confirmed'],
      ].sort(),
    );
    const logged = await t.db.select().from(sessionEvents).where(eq(sessionEvents.applicationId, session.id));
    expect(logged.filter((e) => e.kind.startsWith('identity_'))).toHaveLength(3);
    // The application timeline shows them with names; whoever cannot read the application finds nothing.
    const timeline = await call(t, 'GET', `/applications/${session.id}/session-events`, session.owner.cookie);
    expect(timeline.statusCode).toBe(200);
    expect(
      timeline
        .json()
        .events.filter((e: { kind: string }) => e.kind.startsWith('identity_'))
        .map((e: { kind: string; subjectName: string }) => [e.kind, e.subjectName]),
    ).toEqual([
      ['identity_confirmed', 'Asha Rao'],
      ['identity_not_confirmed', 'Bela Rao'],
      ['identity_confirmed', 'Bela Rao'],
    ]);
    const stranger = await build.notary();
    expect(
      (await call(t, 'GET', `/applications/${session.id}/session-events`, stranger.cookie)).statusCode,
    ).toBe(404);
    // Evidence is never rewritten.
    await expect(t.db.execute(sql`update session_events set note = 'changed'`)).rejects.toThrow();
  });

  it('only the session’s notary decides, only about this application’s signatories', async () => {
    const session = await build.liveSession({ signatories: [{ fullName: 'Gita Rao' }] });
    const other = await build.liveSession({ signatories: [{ fullName: 'Gita Rao' }] });
    const outsider = other.signatories[0]?.id ?? '';
    const mine = session.signatories[0]?.id ?? '';
    await recordPart(t, session);
    await recordPart(t, other);
    expect(
      (await decide(session.id, outsider, session.notary.cookie, { decision: 'confirmed' })).statusCode,
    ).toBe(404);
    expect((await decide(session.id, mine, other.notary.cookie, { decision: 'confirmed' })).statusCode).toBe(
      404,
    );
    const stranger = await build.notary();
    expect((await decide(session.id, mine, stranger.cookie, { decision: 'confirmed' })).statusCode).toBe(404);
    expect((await decide(session.id, mine, session.owner.cookie, { decision: 'confirmed' })).statusCode).toBe(
      403,
    );
  });

  it('no identity decision before the server recorder receives the call; the browser recorder’s report is retired', async () => {
    const session = await build.liveSession({ signatories: [{ fullName: 'Gita Rao' }] });
    const gita = session.signatories[0]?.id ?? '';
    const before = await decide(session.id, gita, session.notary.cookie, { decision: 'confirmed' });
    expect(before.statusCode).toBe(409);
    expect(before.json().code).toBe('sessions.recording_required');
    expect(
      (await call(t, 'GET', `/sessions/${session.id}`, session.notary.cookie)).json().recording,
    ).toMatchObject({
      state: 'none',
      missing: [],
    });
    await recordPart(t, session);
    expect(
      (await decide(session.id, gita, session.notary.cookie, { decision: 'confirmed' })).statusCode,
    ).toBe(200);
    // (Gaps in someone's media and the 409 they cause: recorder.test.ts, with live media.)
    // What the notary's browser used to report is refused with a code (decision 0081).
    const report = await call(t, 'POST', `/sessions/${session.id}/recording/state`, session.notary.cookie, {
      state: 'failed',
    });
    expect(report.statusCode).toBe(410);
    expect(report.json().code).toBe('recordings.browser_recorder_retired');
  });

  it('nobody may sign before the notary confirmed them: the gate follows the latest decision', async () => {
    const session = await build.liveSession({ signatories: [{ fullName: 'Gita Rao' }] });
    const gita = session.signatories[0]?.id ?? '';
    const gate = () => t.app.mohar.callService.isConfirmed(session.id, gita);
    expect(await gate()).toBe(false);
    await recordPart(t, session);
    await decide(session.id, gita, session.notary.cookie, {
      decision: 'not_confirmed',
      note: 'Photo unclear.',
    });
    expect(await gate()).toBe(false);
    await decide(session.id, gita, session.notary.cookie, { decision: 'confirmed' });
    expect(await gate()).toBe(true);
    await decide(session.id, gita, session.notary.cookie, {
      decision: 'not_confirmed',
      note: 'On a second look, the card belongs to someone else.',
    });
    expect(await gate()).toBe(false);
  });

  it('the call view: the notary sees each signatory’s evidence and decision; a signatory sees the people only', async () => {
    const session = await build.liveSession({
      signatories: [{ fullName: 'Asha Rao' }, { fullName: 'Bela Rao' }],
    });
    const asha = session.signatories[0]?.id ?? '';
    await recordPart(t, session);
    await decide(session.id, asha, session.notary.cookie, { decision: 'confirmed' });
    const forNotary = (await call(t, 'GET', `/sessions/${session.id}`, session.notary.cookie)).json();
    expect(forNotary.self).toBe(`user:${session.notary.id}`);
    expect(forNotary.participants.map((p: { name: string; role: string }) => [p.role, p.name])).toEqual([
      ['notary', expect.any(String)],
      ['signatory', 'Asha Rao'],
      ['signatory', 'Bela Rao'],
    ]);
    expect(forNotary.participants[1].identity.decision).toBe('confirmed');
    expect(forNotary.recording.state).toBe('recording');
    const forSignatory = await t.app.inject({
      url: `/api/v1/access/${session.signatories[1]?.token}/session`,
    });
    expect(forSignatory.statusCode).toBe(200);
    const view = forSignatory.json();
    expect(view.self).toMatch(/^signatory:/);
    expect(view.participants.every((p: { evidence: unknown }) => p.evidence === null)).toBe(true);
    // Anyone else: as if there were no session.
    const other = await build.liveSession({ signatories: [{ fullName: 'Gita Rao' }] });
    expect((await call(t, 'GET', `/sessions/${session.id}`, other.notary.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/sessions/${session.id}`, session.owner.cookie)).statusCode).toBe(403);
  });

  it('the notary can end the session as failed, with the reason; the client is told; the recording is finished', async () => {
    const session = await build.liveSession({ signatories: [{ fullName: 'Gita Rao' }] });
    await recordPart(t, session);
    expect(
      (await call(t, 'POST', `/sessions/${session.id}/fail`, session.notary.cookie, { reason: 'x' }))
        .statusCode,
    ).toBe(400);
    const failed = await call(t, 'POST', `/sessions/${session.id}/fail`, session.notary.cookie, {
      reason: 'The signatory left and did not come back.',
    });
    expect(failed.statusCode).toBe(200);
    const [row] = await t.db.select().from(applications).where(eq(applications.id, session.id));
    expect(row?.status).toBe('failed');
    const feed = (await call(t, 'GET', '/notifications', session.owner.cookie)).json();
    expect(feed.notifications[0].message).toContain('is now failed');
    // The recording is evidence whatever the outcome: its signed manifest is kept with the session (decision 0081).
    const [manifest] = await t.db
      .select()
      .from(recordingManifests)
      .where(eq(recordingManifests.applicationId, session.id));
    expect(manifest).toMatchObject({ partCount: 1, finalHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // A second time there is no live session left.
    expect(
      (
        await call(t, 'POST', `/sessions/${session.id}/fail`, session.notary.cookie, {
          reason: 'Again, to be sure.',
        })
      ).statusCode,
    ).toBe(404);
  });
});
