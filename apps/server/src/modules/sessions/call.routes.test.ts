import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, sessionEvents } from '../../db/schema.ts';
import { call, createVerifiedNotary } from '../../testing/applications.ts';
import { createAdmin } from '../../testing/notaries.ts';
import { liveSession, signatoryIdOf } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-23T12:00:00+05:30') });
  admin = await createAdmin(t);
});
afterAll(() => t.close());

const decide = (id: string, signatoryId: string, cookie: string, body: object) =>
  call(t, 'POST', `/sessions/${id}/signatories/${signatoryId}/identity-decision`, cookie, body);

describe('identity checks in the call', () => {
  it('the notary confirms or does not confirm each signatory, with a note; the latest decision counts; all is logged', async () => {
    const session = await liveSession(t, admin, [{ fullName: 'Asha Rao' }, { fullName: 'Bela Rao' }]);
    const [asha, bela] = await Promise.all(session.signatories.map((s) => signatoryIdOf(t, s.token)));
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
    // Evidence is never rewritten.
    await expect(t.db.execute(sql`update session_events set note = 'changed'`)).rejects.toThrow();
  });

  it('only the session’s notary decides, only about this application’s signatories', async () => {
    const session = await liveSession(t, admin);
    const other = await liveSession(t, admin);
    const outsider = await signatoryIdOf(t, other.signatories[0]?.token);
    const mine = await signatoryIdOf(t, session.signatories[0]?.token);
    expect(
      (await decide(session.id, outsider, session.notary.cookie, { decision: 'confirmed' })).statusCode,
    ).toBe(404);
    expect((await decide(session.id, mine, other.notary.cookie, { decision: 'confirmed' })).statusCode).toBe(
      404,
    );
    const stranger = await createVerifiedNotary(t, admin);
    expect((await decide(session.id, mine, stranger.cookie, { decision: 'confirmed' })).statusCode).toBe(404);
    expect((await decide(session.id, mine, session.owner.cookie, { decision: 'confirmed' })).statusCode).toBe(
      403,
    );
  });

  it('the notary can end the session as failed, with the reason; the client is told', async () => {
    const session = await liveSession(t, admin);
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
