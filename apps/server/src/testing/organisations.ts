import { expect } from 'vitest';
import { latestMailTo, tokenFromMail } from './accounts.ts';
import { call } from './applications.ts';
import type { BuiltNotary, BuiltUser } from './builders/index.ts';
import type { TestApp } from './test-app.ts';

/** An organisation's details as its owner fills them in: a Maharashtra LLP with a valid GSTIN. */
export const ORGANISATION_DETAILS = {
  legalName: 'Kulkarni Legal Services LLP',
  gstin: '27AAPFU0939F1ZV',
  billingAddress: '4th floor, Nariman Point, Mumbai 400021',
  gstState: '27',
};

/** Creates an organisation as `owner` does (POST /organisations); its id. */
export async function createOrganisation(
  t: TestApp,
  owner: BuiltUser,
  details: object = ORGANISATION_DETAILS,
) {
  const res = await call(t, 'POST', '/organisations', owner.cookie, details);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().organisation._id as string;
}

/** Invites `person` by e-mail and accepts with the mailed link's token, as the invited person does; the token. */
export async function joinOrganisation(
  t: TestApp,
  organisationId: string,
  inviter: BuiltUser,
  person: BuiltUser,
  role = 'member',
) {
  const invited = await call(t, 'POST', `/organisations/${organisationId}/invitations`, inviter.cookie, {
    email: person.email,
    role,
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const token = tokenFromMail((await latestMailTo(t, person.email))?.text ?? '', '/organisation-invitation/');
  const accepted = await call(t, 'POST', `/organisation-invitations/${token}/accept`, person.cookie, {});
  expect(accepted.statusCode, accepted.body).toBe(200);
  return token;
}

/** An in-house notary (decision 0074): invited by the organisation's owner and accepted by the notary; the link's id. */
export async function linkInHouseNotary(
  t: TestApp,
  options: { organisationId: string; owner: BuiltUser; notary: BuiltNotary },
) {
  const invited = await call(
    t,
    'POST',
    `/organisations/${options.organisationId}/notaries`,
    options.owner.cookie,
    {
      registrationNumber: options.notary.registrationNumber,
    },
  );
  expect(invited.statusCode, invited.body).toBe(201);
  const linkId = invited.json().notaries.find((n: { notaryId: string }) => n.notaryId === options.notary.id)
    ._id as string;
  const accepted = await call(t, 'POST', `/notary/organisations/${linkId}/accept`, options.notary.cookie, {});
  expect(accepted.statusCode, accepted.body).toBe(200);
  return linkId;
}
