import { ACTING_AS_HEADER } from '@mohar/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../db/schema.ts';
import { API, latestMailTo, tokenFromMail } from '../../testing/accounts.ts';
import { call } from '../../testing/applications.ts';
import {
  type Builders,
  type BuiltNotary,
  type BuiltUser,
  buildersFor,
} from '../../testing/builders/index.ts';
import { createOrganisation, linkInHouseNotary, ORGANISATION_DETAILS } from '../../testing/organisations.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** The app's clock: 12:00 IST on a working day unless a test moves it. */
const NOON_IST = new Date('2026-11-23T12:00:00+05:30');
let clock = NOON_IST;
let t: TestApp;
let build: Builders;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  build = buildersFor(t);
});
afterAll(() => t.close());

const DETAILS = ORGANISATION_DETAILS;

async function organisation() {
  const owner = await build.user();
  const id = await createOrganisation(t, owner);
  const member = await build.user();
  await call(t, 'POST', `/organisations/${id}/invitations`, owner.cookie, {
    email: member.email,
    role: 'member',
  });
  const token = tokenFromMail((await latestMailTo(t, member.email))?.text ?? '', '/organisation-invitation/');
  await call(t, 'POST', `/organisation-invitations/${token}/accept`, member.cookie, {});
  return { id, owner, member };
}

/** Invited by the organisation's owner and accepted by the notary in their area. */
const link = (organisationId: string, owner: BuiltUser, notary: BuiltNotary) =>
  linkInHouseNotary(t, { organisationId, owner, notary });

/** An organisation's application, paid and identified: ready for a notary. */
async function readyFor(organisationId: string, owner: BuiltUser) {
  const { id } = await build.application({ status: 'ready', owner });
  await t.db.update(applications).set({ organisationId }).where(eq(applications.id, id));
  return id;
}

const queueOf = async (notary: BuiltNotary) =>
  (
    (await call(t, 'GET', '/notary/requests', notary.cookie)).json().requests as Array<{
      applicationId: string;
    }>
  ).map((r) => r.applicationId);
const start = (id: string, owner: BuiltUser) =>
  call(t, 'POST', `/applications/${id}/notary-request`, owner.cookie, {});
const minutes = (n: number) => new Date(NOON_IST.getTime() + n * 60_000);

describe('in-house notaries', () => {
  it("receive the organisation's request first, and only when the organisation says so", async () => {
    clock = NOON_IST;
    const { id, owner } = await organisation();
    const inHouse = await build.notary({ online: true });
    const outsider = await build.notary({ online: true });
    const first = await readyFor(id, owner);
    // "Only" with nobody linked yet: refused with a sentence, nothing asked.
    const only = await call(t, 'PUT', `/organisations/${id}`, owner.cookie, {
      ...DETAILS,
      inHouseNotariesOnly: true,
    });
    expect(only.statusCode).toBe(200);
    const refused = await start(first, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('organisations.no_notary_linked');
    await link(id, owner, inHouse);

    // Only: however long it waits, an outsider neither sees nor takes it.
    expect((await start(first, owner)).statusCode).toBe(201);
    clock = minutes(9);
    expect(await queueOf(outsider)).not.toContain(first);
    const requestId = (await call(t, 'GET', '/notary/requests', inHouse.cookie))
      .json()
      .requests.find((r: { applicationId: string }) => r.applicationId === first)._id as string;
    expect(
      (await call(t, 'POST', `/notary/requests/${requestId}/accept`, outsider.cookie, {})).statusCode,
    ).toBe(409);
    expect(
      (await call(t, 'POST', `/notary/requests/${requestId}/accept`, inHouse.cookie, {})).statusCode,
    ).toBe(200);

    // First: the in-house notary has it alone for half the time a request waits, then everyone available.
    clock = NOON_IST;
    await call(t, 'PUT', `/organisations/${id}`, owner.cookie, { ...DETAILS, inHouseNotariesOnly: false });
    const second = await readyFor(id, owner);
    expect((await start(second, owner)).statusCode).toBe(201);
    expect(await queueOf(outsider)).not.toContain(second);
    clock = minutes(4);
    expect(await queueOf(inHouse)).toContain(second);
    expect(await queueOf(outsider)).not.toContain(second);
    clock = minutes(5);
    expect(await queueOf(outsider)).toContain(second);
    clock = NOON_IST;
  });

  it("are hidden from the directory for the organisation's members, unless they choose to be listed", async () => {
    const { id, owner, member } = await organisation();
    const notary = await build.notary({ online: true });
    const linkId = await link(id, owner, notary);
    const directory = async (actingFor: string | null) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API}/notaries?search=${encodeURIComponent(notary.registrationNumber)}`,
        headers: { cookie: member.cookie, ...(actingFor ? { [ACTING_AS_HEADER]: actingFor } : {}) },
      });
      expect(res.statusCode).toBe(200);
      return (res.json().notaries as Array<{ _id: string }>).map((n) => n._id);
    };
    expect(await directory(id)).toEqual([]);
    // The public, and the same person on their personal account, still find them.
    expect(await directory(null)).toEqual([notary.id]);
    expect(
      (await call(t, 'GET', `/notaries?search=${notary.registrationNumber}`)).json().notaries,
    ).toHaveLength(1);
    const listed = await call(t, 'PUT', `/notary/organisations/${linkId}`, notary.cookie, {
      listedForMembers: true,
    });
    expect(listed.statusCode).toBe(200);
    expect(await directory(id)).toEqual([notary.id]);
  });

  it("a notary of another organisation's invitation gets 404; only owners and admins invite", async () => {
    const first = await organisation();
    const second = await organisation();
    const invited = await build.notary();
    const other = await build.notary();
    const res = await call(t, 'POST', `/organisations/${first.id}/notaries`, first.owner.cookie, {
      registrationNumber: invited.registrationNumber,
    });
    const linkId = res.json().notaries[0]._id as string;
    for (const [method, url, body] of [
      ['POST', `/notary/organisations/${linkId}/accept`, {}],
      ['POST', `/notary/organisations/${linkId}/decline`, {}],
      ['PUT', `/notary/organisations/${linkId}`, { listedForMembers: true }],
    ] as const)
      expect((await call(t, method, url, other.cookie, body)).statusCode, `${method} ${url}`).toBe(404);
    expect((await call(t, 'GET', '/notary/organisations', other.cookie)).json().links).toEqual([]);
    // Another organisation's people cannot see or end the link, even through their own organisation's address.
    expect(
      (await call(t, 'GET', `/organisations/${first.id}/notaries`, second.owner.cookie)).statusCode,
    ).toBe(404);
    expect(
      (await call(t, 'DELETE', `/organisations/${first.id}/notaries/${linkId}`, second.owner.cookie))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t, 'DELETE', `/organisations/${second.id}/notaries/${linkId}`, second.owner.cookie))
        .statusCode,
    ).toBe(404);
    // A member sees the list but does not invite.
    expect(
      (await call(t, 'GET', `/organisations/${first.id}/notaries`, first.member.cookie)).statusCode,
    ).toBe(200);
    expect(
      (
        await call(t, 'POST', `/organisations/${first.id}/notaries`, first.member.cookie, {
          registrationNumber: other.registrationNumber,
        })
      ).statusCode,
    ).toBe(403);
    // Inviting twice is refused; the invited notary sees the organisation's name.
    expect(
      (
        await call(t, 'POST', `/organisations/${first.id}/notaries`, first.owner.cookie, {
          registrationNumber: invited.registrationNumber,
        })
      ).statusCode,
    ).toBe(409);
    expect((await call(t, 'GET', '/notary/organisations', invited.cookie)).json().links).toMatchObject([
      { _id: linkId, organisationName: DETAILS.legalName, status: 'invited', listedForMembers: false },
    ]);
  });
});
