import { ACTING_AS_HEADER, type OrganisationMembersResponse } from '@mohar/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, organisationInvitations } from '../../db/schema.ts';
import { API, latestMailTo, mailsTo, tokenFromMail } from '../../testing/accounts.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import {
  createOrganisation as createOrganisationAs,
  joinOrganisation,
  ORGANISATION_DETAILS,
} from '../../testing/organisations.ts';
import { creditWallet, payableApplication } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createOrganisationsService } from './organisations.service.ts';

let t: TestApp;
let build: Builders;

beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
});
afterAll(() => t.close());

const DETAILS = ORGANISATION_DETAILS;

/** A call acting for an organisation (the X-Acting-As header), or for the person when `organisationId` is null. */
function acting(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: BuiltUser,
  organisationId: string | null,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `${API}${url}`,
    headers: { cookie: user.cookie, ...(organisationId ? { [ACTING_AS_HEADER]: organisationId } : {}) },
    ...(payload ? { payload } : {}),
  });
}

const invitationTokenOf = async (person: BuiltUser) =>
  tokenFromMail((await latestMailTo(t, person.email))?.text ?? '', '/organisation-invitation/');

const createOrganisation = (owner: BuiltUser, details: object = DETAILS) =>
  createOrganisationAs(t, owner, details);
const join = (organisationId: string, inviter: BuiltUser, person: BuiltUser, role = 'member') =>
  joinOrganisation(t, organisationId, inviter, person, role);

async function team() {
  const owner = await build.user({ name: 'Asha Kulkarni' });
  const admin = await build.user({ name: 'Dev Admin' });
  const member = await build.user({ name: 'Meera Member' });
  const id = await createOrganisation(owner);
  await join(id, owner, admin, 'admin');
  await join(id, owner, member, 'member');
  return { id, owner, admin, member };
}

async function draftFor(user: BuiltUser, organisationId: string | null) {
  const res = await acting('POST', '/applications', user, organisationId, {});
  expect(res.statusCode, res.body).toBe(201);
  return res.json().application._id as string;
}

const membersOf = async (id: string, user: BuiltUser) =>
  (await call(t, 'GET', `/organisations/${id}/members`, user.cookie)).json() as OrganisationMembersResponse;

describe('creating an organisation', () => {
  it('makes the creator its owner, with the GST details as sent (GSTIN upper-cased)', async () => {
    const owner = await build.user();
    const res = await call(t, 'POST', '/organisations', owner.cookie, {
      ...DETAILS,
      gstin: ' 27aapfu0939f1zv ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().organisation).toMatchObject({ ...DETAILS, role: 'owner', inHouseNotariesOnly: false });
    const list = await call(t, 'GET', '/organisations', owner.cookie);
    expect(list.json().organisations).toEqual([
      { _id: res.json().organisation._id, legalName: DETAILS.legalName, role: 'owner' },
    ]);
  });

  it('refuses a GSTIN with a wrong check character, a wrong shape, or another state than the one chosen', async () => {
    const owner = await build.user();
    const wrongCheck = await call(t, 'POST', '/organisations', owner.cookie, {
      ...DETAILS,
      gstin: '27AAPFU0939F1ZW',
    });
    expect(wrongCheck.statusCode).toBe(400);
    expect(JSON.stringify(wrongCheck.json().details)).toContain('typing mistake');
    const wrongShape = await call(t, 'POST', '/organisations', owner.cookie, {
      ...DETAILS,
      gstin: '27AAPFU0939',
    });
    expect(wrongShape.statusCode).toBe(400);
    const otherState = await call(t, 'POST', '/organisations', owner.cookie, {
      ...DETAILS,
      gstin: '29AAGCB7383J1Z4',
    });
    expect(otherState.statusCode).toBe(400);
    expect(JSON.stringify(otherState.json().details)).toContain('another state');
    const unknownField = await call(t, 'POST', '/organisations', owner.cookie, { ...DETAILS, plan: 'gold' });
    expect(unknownField.statusCode).toBe(400);
  });

  it('is for clients: a notary is refused', async () => {
    const notary = await build.notary();
    const res = await call(t, 'POST', '/organisations', notary.cookie, DETAILS);
    expect(res.statusCode).toBe(403);
  });
});

describe('invitations', () => {
  it('are single-use: the link works once, and its token is stored only as a hash', async () => {
    const owner = await build.user();
    const person = await build.user();
    const id = await createOrganisation(owner);
    const token = await join(id, owner, person);
    const rows = await t.db
      .select()
      .from(organisationInvitations)
      .where(eq(organisationInvitations.organisationId, id));
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);
    const again = await call(t, 'POST', `/organisation-invitations/${token}/accept`, person.cookie, {});
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('organisations.invitation_invalid');
  });

  it('expire after 7 days, and work only for the address they were sent to', async () => {
    const owner = await build.user();
    const person = await build.user();
    const someoneElse = await build.user();
    const id = await createOrganisation(owner);
    await call(t, 'POST', `/organisations/${id}/invitations`, owner.cookie, {
      email: person.email,
      role: 'member',
    });
    const token = await invitationTokenOf(person);
    const wrongPerson = await call(
      t,
      'POST',
      `/organisation-invitations/${token}/accept`,
      someoneElse.cookie,
      {},
    );
    expect(wrongPerson.statusCode).toBe(403);
    expect(wrongPerson.json().code).toBe('organisations.invitation_other_email');
    const eightDaysLater = createOrganisationsService({
      db: t.db,
      mailer: t.app.mohar.mailer,
      publicUrl: t.config.publicUrl,
      now: () => new Date(Date.now() + 8 * 24 * 60 * 60 * 1000),
    });
    await expect(eightDaysLater.accept({ token, userId: person.id })).rejects.toMatchObject({
      code: 'organisations.invitation_invalid',
    });
    const preview = await call(t, 'GET', `/organisation-invitations/${token}`, person.cookie);
    expect(preview.json()).toEqual({
      organisationName: DETAILS.legalName,
      role: 'member',
      email: person.email,
    });
  });

  it('a withdrawn invitation no longer works', async () => {
    const owner = await build.user();
    const person = await build.user();
    const id = await createOrganisation(owner);
    const invited = await call(t, 'POST', `/organisations/${id}/invitations`, owner.cookie, {
      email: person.email,
      role: 'member',
    });
    const invitationId = (invited.json() as OrganisationMembersResponse).invitations[0]?._id;
    const token = await invitationTokenOf(person);
    expect(
      (await call(t, 'DELETE', `/organisations/${id}/invitations/${invitationId}`, owner.cookie)).statusCode,
    ).toBe(200);
    expect(
      (await call(t, 'POST', `/organisation-invitations/${token}/accept`, person.cookie, {})).statusCode,
    ).toBe(404);
  });
});

describe('roles', () => {
  it('a member cannot invite, change roles, remove people or edit the details; an admin cannot make owners', async () => {
    const { id, owner, admin, member } = await team();
    const outsider = await build.user();
    expect(
      (
        await call(t, 'POST', `/organisations/${id}/invitations`, member.cookie, {
          email: outsider.email,
          role: 'member',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(t, 'PUT', `/organisations/${id}`, member.cookie, DETAILS)).statusCode).toBe(403);
    expect(
      (await call(t, 'PUT', `/organisations/${id}/members/${admin.id}`, member.cookie, { role: 'member' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t, 'DELETE', `/organisations/${id}/members/${owner.id}`, member.cookie)).statusCode,
    ).toBe(403);
    expect(
      (await call(t, 'PUT', `/organisations/${id}/members/${member.id}`, admin.cookie, { role: 'owner' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t, 'DELETE', `/organisations/${id}/members/${owner.id}`, admin.cookie)).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t, 'POST', `/organisations/${id}/invitations`, admin.cookie, {
          email: outsider.email,
          role: 'owner',
        })
      ).statusCode,
    ).toBe(403);
    // What an admin may do.
    const edited = await call(t, 'PUT', `/organisations/${id}`, admin.cookie, {
      ...DETAILS,
      legalName: 'Kulkarni LLP',
    });
    expect(edited.json().organisation.legalName).toBe('Kulkarni LLP');
    expect((await membersOf(id, member)).invitations).toEqual([]);
  });

  it('the last owner can neither leave, be demoted nor be removed; with a second owner they can leave', async () => {
    const { id, owner, admin } = await team();
    const leave = await call(t, 'POST', `/organisations/${id}/leave`, owner.cookie, {});
    expect(leave.statusCode).toBe(409);
    expect(leave.json().code).toBe('organisations.last_owner');
    expect(
      (await call(t, 'PUT', `/organisations/${id}/members/${owner.id}`, owner.cookie, { role: 'admin' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call(t, 'DELETE', `/organisations/${id}/members/${owner.id}`, owner.cookie)).statusCode,
    ).toBe(409);
    expect(
      (await call(t, 'PUT', `/organisations/${id}/members/${admin.id}`, owner.cookie, { role: 'owner' }))
        .statusCode,
    ).toBe(200);
    expect((await call(t, 'POST', `/organisations/${id}/leave`, owner.cookie, {})).statusCode).toBe(200);
    expect((await membersOf(id, admin)).members.map((m) => m.userId)).not.toContain(owner.id);
  });
});

describe("the organisation's applications", () => {
  it('created while acting for the organisation, they belong to it; the personal list does not show them', async () => {
    const { id, member } = await team();
    const orgDraft = await draftFor(member, id);
    const personalDraft = await draftFor(member, null);
    const [row] = await t.db.select().from(applications).where(eq(applications.id, orgDraft));
    expect(row?.organisationId).toBe(id);
    const orgList = await acting('GET', '/applications', member, id);
    expect(orgList.json().applications.map((a: { _id: string }) => a._id)).toEqual([orgDraft]);
    const personal = await acting('GET', '/applications', member, null);
    expect(personal.json().applications.map((a: { _id: string }) => a._id)).toEqual([personalDraft]);
  });

  it('owners and admins see all of them; a member sees their own', async () => {
    const { id, owner, admin, member } = await team();
    const ownersDraft = await draftFor(owner, id);
    const membersDraft = await draftFor(member, id);
    const ids = async (user: BuiltUser) =>
      (await acting('GET', '/applications', user, id))
        .json()
        .applications.map((a: { _id: string }) => a._id)
        .sort();
    expect(await ids(owner)).toEqual([ownersDraft, membersDraft].sort());
    expect(await ids(admin)).toEqual([ownersDraft, membersDraft].sort());
    expect(await ids(member)).toEqual([membersDraft]);
    const view = await call(t, 'GET', `/applications/${membersDraft}`, admin.cookie);
    expect(view.statusCode).toBe(200);
    expect(view.json().application.viewerRole).toBe('organisation');
    expect((await call(t, 'GET', `/applications/${ownersDraft}`, member.cookie)).statusCode).toBe(404);
  });

  it('acting for an organisation one does not belong to is refused with 404', async () => {
    const { id } = await team();
    const outsider = await build.user();
    const res = await acting('GET', '/applications', outsider, id);
    expect(res.statusCode).toBe(404);
    expect((await acting('POST', '/applications', outsider, id, {})).statusCode).toBe(404);
  });

  it('access matrix: another organisation and a removed member get 404 on every organisation record', async () => {
    const { id, owner, member } = await team();
    const other = await team();
    const membersDraft = await draftFor(member, id);
    await call(t, 'DELETE', `/organisations/${id}/members/${member.id}`, owner.cookie);
    for (const stranger of [other.owner, other.admin, other.member, member]) {
      for (const [method, url, body] of [
        ['GET', `/organisations/${id}`],
        ['PUT', `/organisations/${id}`, DETAILS],
        ['GET', `/organisations/${id}/members`],
        ['POST', `/organisations/${id}/invitations`, { email: 'x@example.in', role: 'member' }],
        ['PUT', `/organisations/${id}/members/${owner.id}`, { role: 'member' }],
        ['DELETE', `/organisations/${id}/members/${owner.id}`],
        ['POST', `/organisations/${id}/leave`, {}],
        ['GET', `/organisations/${id}/wallet`],
        ['GET', `/organisations/${id}/wallet/transactions`],
        ['GET', `/applications/${membersDraft}`],
        ['PATCH', `/applications/${membersDraft}`, { title: 'Mine now' }],
        ['DELETE', `/applications/${membersDraft}`],
      ] as const) {
        const res = await call(t, method, url, stranger.cookie, body);
        expect(res.statusCode, `${stranger.name} ${method} ${url}`).toBe(404);
      }
    }
    // The record stays with the organisation.
    expect((await call(t, 'GET', `/applications/${membersDraft}`, owner.cookie)).statusCode).toBe(200);
  });
});

describe("the organisation's wallet", () => {
  it("receives the refund of the organisation's application; the member's own wallet does not", async () => {
    const { id, owner, member } = await team();
    const admin = await build.admin();
    const app = await payableApplication(t, member, { title: 'Loan agreement' });
    await t.db.update(applications).set({ organisationId: id }).where(eq(applications.id, app.id));
    await creditWallet(t, member.id, app.totalPaise);
    const paid = await call(t, 'POST', `/applications/${app.id}/checkout`, member.cookie, {
      walletPaise: app.totalPaise,
    });
    expect(paid.statusCode).toBe(201);
    expect(
      (
        await call(t, 'POST', `/admin/applications/${app.id}/fail`, admin.cookie, {
          reason: 'The call dropped.',
        })
      ).statusCode,
    ).toBe(200);
    const requested = await call(t, 'POST', `/applications/${app.id}/refund-requests`, member.cookie, {});
    expect(requested.statusCode).toBe(201);
    const approved = await call(
      t,
      'POST',
      `/admin/refunds/${requested.json().refund._id}/approve`,
      admin.cookie,
      {},
    );
    expect(approved.statusCode).toBe(200);

    expect((await call(t, 'GET', '/wallet', member.cookie)).json().balancePaise).toBe(0);
    const wallet = await call(t, 'GET', `/organisations/${id}/wallet`, owner.cookie);
    expect(wallet.json().balancePaise).toBe(app.totalPaise);
    const entries = await call(t, 'GET', `/organisations/${id}/wallet/transactions`, owner.cookie);
    expect(entries.json().transactions).toMatchObject([
      { type: 'refund', amountPaise: app.totalPaise, applicationId: app.id },
    ]);
    // A member does not manage the money.
    expect((await call(t, 'GET', `/organisations/${id}/wallet`, member.cookie)).statusCode).toBe(403);
    // The e-mails say where the money went.
    const mails = await mailsTo(t, member.email);
    expect(mails.map((m) => m.subject)).toContain("Your refund is in your organisation's Mohar wallet");
    expect(mails.find((m) => m.subject === 'We received your refund request')?.text).toContain(
      "credited to your organisation's Mohar wallet",
    );
  });
});

describe('the audit trail', () => {
  it('records every membership change: invitation, joining, role change, removal and leaving', async () => {
    const { id, owner, admin, member } = await team();
    const leaver = await build.user();
    await join(id, owner, leaver);
    expect(
      (await call(t, 'PUT', `/organisations/${id}/members/${member.id}`, owner.cookie, { role: 'admin' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(t, 'DELETE', `/organisations/${id}/members/${admin.id}`, owner.cookie)).statusCode,
    ).toBe(200);
    expect((await call(t, 'POST', `/organisations/${id}/leave`, leaver.cookie, {})).statusCode).toBe(200);

    const auditor = await build.admin();
    const res = await call(t, 'GET', `/admin/audit?search=${id}&pageSize=50`, auditor.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const events = (
      res.json().events as Array<{ action: string; actor: { _id: string } | null; subjectId: string }>
    )
      .filter((e) => e.subjectId === id)
      .map((e) => [e.action, e.actor?._id]);
    expect(events).toEqual(
      expect.arrayContaining([
        ['organisation.member_invited', owner.id],
        ['organisation.member_joined', admin.id],
        ['organisation.member_joined', member.id],
        ['organisation.member_joined', leaver.id],
        ['organisation.role_changed', owner.id],
        ['organisation.member_removed', owner.id],
        ['organisation.member_left', leaver.id],
      ]),
    );
    expect(events.filter(([action]) => action === 'organisation.member_invited')).toHaveLength(3);
  });
});
