import { RATING_COMMENT_MAX_LENGTH } from '@mohar/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, sessionRatings } from '../../db/schema.ts';
import { call as callApi } from '../../testing/applications.ts';
import {
  type Builders,
  type BuiltNotary,
  type BuiltUser,
  buildersFor,
} from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;

/** Inside service hours (sessions run 10:00–20:00 IST), whenever the suite runs. */
const NOW = new Date('2026-11-23T12:00:00+05:30');

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  build = buildersFor(t);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  callApi(t, method, url, cookie, payload);
const rate = (id: string, cookie: string | undefined, payload: object) =>
  call('POST', `/applications/${id}/rating`, cookie, payload);

/**
 * An application of `owner` that `notary` completed. The status is set directly: sealing is proved elsewhere, and
 * what the rules here read is the status and the notary who held the session.
 */
async function completed(options: { owner: BuiltUser; notary: BuiltNotary; title?: string }) {
  const built = await build.application({
    status: 'ready',
    owner: options.owner,
    notary: options.notary,
    notaryChoice: 'named',
    ...(options.title ? { details: { title: options.title } } : {}),
  });
  await t.db
    .update(applications)
    .set({ status: 'notarised', assignedNotaryId: options.notary.id })
    .where(eq(applications.id, built.id));
  return built.id;
}

describe('a client rates the completed session of their application (issue 22)', () => {
  it('rates a completed session once: 1–5 stars and a comment, shown back; a second rating is refused', async () => {
    const notary = await build.notary();
    const client = await build.user();
    const sealed = { id: await completed({ owner: client, notary }), owner: client };
    const owner = client.cookie;

    const before = await call('GET', `/applications/${sealed.id}/rating`, owner);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ rating: null, canRate: true });

    const given = await rate(sealed.id, owner, { stars: 4, comment: '  Quick and clear.  ' });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json()).toMatchObject({ canRate: false, rating: { stars: 4, comment: 'Quick and clear.' } });
    expect((await call('GET', `/applications/${sealed.id}/rating`, owner)).json()).toEqual(given.json());

    const again = await rate(sealed.id, owner, { stars: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ratings.already_rated', message: expect.any(String) });
    // The rating names the notary who held the session, and stayed as first given.
    const stored = await t.db
      .select()
      .from(sessionRatings)
      .where(eq(sessionRatings.applicationId, sealed.id));
    expect(stored).toMatchObject([{ notaryId: notary.id, stars: 4, clientId: sealed.owner.id }]);
  });

  it('refuses an application that is not completed with a 409 and says it may not be rated', async () => {
    const owner = await build.user();
    for (const status of ['submitted', 'in_session'] as const) {
      const open = await build.application({ status, owner });
      const res = await rate(open.id, owner.cookie, { stars: 5 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ratings.not_completed', message: expect.any(String) });
      expect((await call('GET', `/applications/${open.id}/rating`, owner.cookie)).json()).toEqual({
        rating: null,
        canRate: false,
      });
    }
  });

  it('answers 404 to everyone but the owner — another client, the notary, an admin — and 401 signed out', async () => {
    const owner = await build.user();
    const notary = await build.notary();
    const id = await completed({ owner, notary });
    for (const caller of [await build.user(), notary, await build.admin({ adminRoles: ['support'] })]) {
      for (const res of [
        await call('GET', `/applications/${id}/rating`, caller.cookie),
        await rate(id, caller.cookie, { stars: 5 }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toMatch(/not_found$/);
      }
    }
    expect((await call('GET', `/applications/${id}/rating`)).statusCode).toBe(401);
    expect((await rate('not-a-uuid', owner.cookie, { stars: 5 })).statusCode).toBe(404);
    expect(await t.db.select().from(sessionRatings).where(eq(sessionRatings.applicationId, id))).toEqual([]);
  });

  it('takes whole stars from 1 to 5, a comment up to the limit, and nothing else', async () => {
    const owner = await build.user();
    const id = await completed({ owner, notary: await build.notary() });
    for (const body of [
      { stars: 0 },
      { stars: 6 },
      { stars: 4.5 },
      {},
      { stars: 5, comment: 'x'.repeat(RATING_COMMENT_MAX_LENGTH + 1) },
      { stars: 5, notaryId: owner.id },
    ]) {
      const res = await rate(id, owner.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('request.invalid');
    }
    const longest = await rate(id, owner.cookie, {
      stars: 1,
      comment: 'y'.repeat(RATING_COMMENT_MAX_LENGTH),
    });
    expect(longest.statusCode, longest.body).toBe(201);
    // An empty comment is no comment.
    const other = await completed({ owner, notary: await build.notary() });
    expect((await rate(other, owner.cookie, { stars: 3, comment: '   ' })).json().rating.comment).toBeNull();
  });
});

describe("a notary's ratings: their own summary and the console's list", () => {
  it('gives the notary their average and count, and compliance the list with the application and comment', async () => {
    const notary = await build.notary();
    const owner = await build.user();
    const none = await call('GET', '/notary/ratings/summary', notary.cookie);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual({ average: null, count: 0 });

    const first = await completed({ owner, notary, title: 'Rent agreement' });
    const second = await completed({ owner, notary, title: 'Address affidavit' });
    const third = await completed({ owner, notary, title: 'Gap certificate' });
    await rate(first, owner.cookie, { stars: 5, comment: 'Excellent' });
    await rate(second, owner.cookie, { stars: 4 });
    await rate(third, owner.cookie, { stars: 4 });
    // Another notary's rating is not theirs.
    await rate(await completed({ owner, notary: await build.notary() }), owner.cookie, { stars: 1 });

    expect((await call('GET', '/notary/ratings/summary', notary.cookie)).json()).toEqual({
      average: 4.3,
      count: 3,
    });
    expect((await call('GET', '/notary/ratings/summary', owner.cookie)).statusCode).toBe(403);

    const compliance = await build.admin({ adminRoles: ['compliance'] });
    const page1 = await call('GET', `/admin/notaries/${notary.id}/ratings?pageSize=2`, compliance.cookie);
    expect(page1.statusCode, page1.body).toBe(200);
    const body = page1.json();
    expect(Object.keys(body).sort()).toEqual(['page', 'ratings', 'summary', 'totalPages']);
    expect(body).toMatchObject({ page: 1, totalPages: 2, summary: { average: 4.3, count: 3 } });
    expect(body.ratings).toHaveLength(2);
    const all = (await call('GET', `/admin/notaries/${notary.id}/ratings`, compliance.cookie)).json();
    expect(all.ratings.map((r: { applicationId: string }) => r.applicationId).sort()).toEqual(
      [first, second, third].sort(),
    );
    expect(all.ratings.find((r: { applicationId: string }) => r.applicationId === first)).toMatchObject({
      title: 'Rent agreement',
      stars: 5,
      comment: 'Excellent',
      createdAt: expect.any(String),
    });
    expect(
      (await call('GET', `/admin/notaries/${notary.id}/ratings?page=9`, compliance.cookie)).json(),
    ).toMatchObject({ ratings: [], page: 9, totalPages: 1 });

    // The owner admin sees it too; other admin roles, clients and notaries get the console's 404.
    expect(
      (await call('GET', `/admin/notaries/${notary.id}/ratings`, (await build.admin()).cookie)).statusCode,
    ).toBe(200);
    for (const caller of [
      await build.admin({ adminRoles: ['support'] }),
      await build.admin({ adminRoles: ['finance'] }),
      owner,
      notary,
    ]) {
      const res = await call('GET', `/admin/notaries/${notary.id}/ratings`, caller.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('request.not_found');
    }
    expect((await call('GET', `/admin/notaries/${owner.id}/ratings`, compliance.cookie)).json().code).toBe(
      'notaries.not_found',
    );
  });
});
