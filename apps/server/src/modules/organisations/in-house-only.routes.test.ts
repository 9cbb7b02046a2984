import { ACTING_AS_HEADER } from '@mohar/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../db/schema.ts';
import { API } from '../../testing/accounts.ts';
import { call } from '../../testing/applications.ts';
import {
  type Builders,
  type BuiltNotary,
  type BuiltUser,
  buildersFor,
} from '../../testing/builders/index.ts';
import {
  createOrganisation,
  joinOrganisation,
  linkInHouseNotary,
  ORGANISATION_DETAILS,
} from '../../testing/organisations.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * An organisation's "only our in-house notaries" setting holds wherever a notary is named for its applications
 * (decision 0091): a draft, the view's missing steps and submit, a booking, the request, the directory.
 */

/** The app's clock: Monday 23 November 2026, 12:00 IST. */
const NOON_IST = new Date('2026-11-23T12:00:00+05:30');
/** 15:00 IST on Tuesday 24 November: inside service hours and the default working hours. */
const TUESDAY_3PM = '2026-11-24T15:00:00+05:30';
const NOT_IN_HOUSE = 'applications.notary_not_in_house';
const MISSING_SENTENCE =
  'Your organisation uses only its own in-house notaries. Choose one of them or “first available notary”.';

let t: TestApp;
let build: Builders;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOON_IST });
  build = buildersFor(t);
});
afterAll(() => t.close());

/** An organisation with a member, one active in-house notary and an outsider; the setting as given. */
async function organisation(options: { only: boolean }) {
  const owner = await build.user();
  const id = await createOrganisation(t, owner);
  const member = await build.user();
  await joinOrganisation(t, id, owner, member);
  const inHouse = await build.notary({ online: true });
  const linkId = await linkInHouseNotary(t, { organisationId: id, owner, notary: inHouse });
  const outsider = await build.notary({ online: true });
  await setOnly({ id, owner }, options.only);
  return { id, owner, member, inHouse, linkId, outsider };
}

async function setOnly(org: { id: string; owner: BuiltUser }, only: boolean) {
  const res = await call(t, 'PUT', `/organisations/${org.id}`, org.owner.cookie, {
    ...ORGANISATION_DETAILS,
    inHouseNotariesOnly: only,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A complete draft ("first available") of the member's, made for the organisation (null: their own). */
async function draftOf(member: BuiltUser, organisationId: string | null) {
  const { id } = await build.application({ owner: member });
  if (organisationId) await t.db.update(applications).set({ organisationId }).where(eq(applications.id, id));
  return id;
}

const name = (id: string, member: BuiltUser, notary: BuiltNotary) =>
  call(t, 'PATCH', `/applications/${id}`, member.cookie, { notaryChoice: 'named', notaryId: notary.id });
const viewOf = async (id: string, member: BuiltUser) =>
  (await call(t, 'GET', `/applications/${id}`, member.cookie)).json().application;

describe('"only our in-house notaries" for a named notary', () => {
  it("a draft may name the organisation's active in-house notaries, and no one else", async () => {
    const org = await organisation({ only: true });
    const id = await draftOf(org.member, org.id);
    const invitedOnly = await build.notary();
    await call(t, 'POST', `/organisations/${org.id}/notaries`, org.owner.cookie, {
      registrationNumber: invitedOnly.registrationNumber,
    });

    for (const notary of [org.outsider, invitedOnly]) {
      const refused = await name(id, org.member, notary);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        code: NOT_IN_HOUSE,
        message: expect.stringContaining('only its own in-house notaries'),
      });
    }
    // Nothing was stored.
    expect(await viewOf(id, org.member)).toMatchObject({ notaryChoice: 'first_available', notary: null });

    const named = await name(id, org.member, org.inHouse);
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().application).toMatchObject({ notaryChoice: 'named', missing: [] });
    expect(named.json().application.notary._id).toBe(org.inHouse.id);

    // The link ends: the notary is no longer the organisation's, and the draft says so.
    await call(t, 'DELETE', `/organisations/${org.id}/notaries/${org.linkId}`, org.owner.cookie);
    expect((await viewOf(id, org.member)).missing).toEqual([
      { step: 'notary', code: 'notary_not_in_house', message: MISSING_SENTENCE },
    ]);
  });

  it('with the setting off, and on a personal application, any directory notary may be named', async () => {
    const open = await organisation({ only: false });
    const named = await name(await draftOf(open.member, open.id), open.member, open.outsider);
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().application.missing).toEqual([]);

    const only = await organisation({ only: true });
    const personal = await name(await draftOf(only.member, null), only.member, only.outsider);
    expect(personal.statusCode, personal.body).toBe(200);
    expect(personal.json().application.missing).toEqual([]);
  });

  it('switched on after an outsider was named: the notary step is missing and submit is refused', async () => {
    const org = await organisation({ only: false });
    const id = await draftOf(org.member, org.id);
    expect((await name(id, org.member, org.outsider)).statusCode).toBe(200);
    await setOnly(org, true);

    const view = await viewOf(id, org.member);
    expect(view.missing).toEqual([
      { step: 'notary', code: 'notary_not_in_house', message: MISSING_SENTENCE },
    ]);
    expect(view.allowedActions).not.toContain('submit');
    const submitted = await call(t, 'POST', `/applications/${id}/submit`, org.member.cookie, {});
    expect(submitted.statusCode).toBe(409);
    expect(submitted.json()).toMatchObject({
      code: 'applications.incomplete',
      details: { missing: [{ step: 'notary', code: 'notary_not_in_house', message: MISSING_SENTENCE }] },
    });
    expect((await viewOf(id, org.member)).status).toBe('draft');

    // Naming one of its own clears it.
    expect((await name(id, org.member, org.inHouse)).statusCode).toBe(200);
    const again = await call(t, 'POST', `/applications/${id}/submit`, org.member.cookie, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().application.status).toBe('awaiting_payment');
  });

  it("a session is booked only with the organisation's own notaries, named or any free", async () => {
    const org = await organisation({ only: true });
    const ready = async () => {
      const { id } = await build.application({ status: 'ready', owner: org.member });
      await t.db.update(applications).set({ organisationId: org.id }).where(eq(applications.id, id));
      return id;
    };
    const book = async (body: object) =>
      call(t, 'POST', `/applications/${await ready()}/booking`, org.member.cookie, body);

    const refused = await book({ startsAt: TUESDAY_3PM, notaryId: org.outsider.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe(NOT_IN_HOUSE);
    const slots = await call(
      t,
      'GET',
      `/applications/${await ready()}/booking/slots?date=2026-11-24&notaryId=${org.outsider.id}`,
      org.member.cookie,
    );
    expect(slots.statusCode, slots.body).toBe(200);
    expect(slots.json().slots).toEqual([]);

    // "Any free" picks among its own, though notaries verified longer ago are free too.
    const anyFree = await book({ startsAt: TUESDAY_3PM });
    expect(anyFree.statusCode, anyFree.body).toBe(201);
    expect(anyFree.json().booking.notaryId).toBe(org.inHouse.id);
    // Its one notary is taken at that time: nobody else is booked instead.
    expect((await book({ startsAt: TUESDAY_3PM })).json().code).toBe('sessions.slot_taken');
  });

  it('a paid application naming an outsider from before the setting asks the organisation’s own', async () => {
    const org = await organisation({ only: false });
    const { id } = await build.application({
      status: 'ready',
      owner: org.member,
      notaryChoice: 'named',
      notary: org.outsider,
    });
    await t.db.update(applications).set({ organisationId: org.id }).where(eq(applications.id, id));
    await setOnly(org, true);

    const started = await call(t, 'POST', `/applications/${id}/notary-request`, org.member.cookie, {});
    expect(started.statusCode, started.body).toBe(201);
    const queueOf = async (notary: BuiltNotary) =>
      (
        (await call(t, 'GET', '/notary/requests', notary.cookie)).json().requests as Array<{
          applicationId: string;
        }>
      ).map((r) => r.applicationId);
    expect(await queueOf(org.outsider)).not.toContain(id);
    expect(await queueOf(org.inHouse)).toContain(id);
  });

  it('the directory shows a member acting for the organisation its active notaries alone, listed or not', async () => {
    const org = await organisation({ only: true });
    const directory = async (notary: BuiltNotary, actingFor: string | null) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API}/notaries?search=${encodeURIComponent(notary.registrationNumber)}`,
        headers: { cookie: org.member.cookie, ...(actingFor ? { [ACTING_AS_HEADER]: actingFor } : {}) },
      });
      expect(res.statusCode).toBe(200);
      if (actingFor) expect(res.headers['cache-control']).toBe('private, no-store');
      return (res.json().notaries as Array<{ _id: string }>).map((n) => n._id);
    };
    expect(await directory(org.inHouse, org.id)).toEqual([org.inHouse.id]);
    expect(await directory(org.outsider, org.id)).toEqual([]);
    // On their personal account the same person finds everyone.
    expect(await directory(org.outsider, null)).toEqual([org.outsider.id]);
    // Switched off: the 0074 rule again (its own unlisted notary hidden, outsiders shown).
    await setOnly(org, false);
    expect(await directory(org.inHouse, org.id)).toEqual([]);
    expect(await directory(org.outsider, org.id)).toEqual([org.outsider.id]);
  });
});
