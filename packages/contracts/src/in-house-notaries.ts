import { z } from 'zod/mini';
import { registrationNumberField } from './notaries.ts';

/** An organisation's in-house notaries (issue 25, decision 0074). */
export const IN_HOUSE_LINK_STATUSES = ['invited', 'active', 'declined', 'ended'] as const;
export const inHouseLinkStatus = z.enum(IN_HOUSE_LINK_STATUSES);

/** A notary is invited by their registration number (what an organisation knows of its notaries). */
export const inHouseNotaryInviteRequest = z.strictObject({ registrationNumber: registrationNumberField });
export type InHouseNotaryInviteRequest = z.input<typeof inHouseNotaryInviteRequest>;

/** The organisation's view of one link. */
export const inHouseNotary = z.object({
  _id: z.string(),
  notaryId: z.string(),
  fullName: z.nullable(z.string()),
  registrationNumber: z.nullable(z.string()),
  status: inHouseLinkStatus,
  createdAt: z.string(),
  acceptedAt: z.nullable(z.string()),
});
export const inHouseNotariesResponse = z.object({ notaries: z.array(inHouseNotary) });
export const inHouseNotaryParams = z.strictObject({ id: z.string(), linkId: z.string() });

/** The notary's view: the organisations that invited them or that they work for. */
export const notaryOrganisationLink = z.object({
  _id: z.string(),
  organisationName: z.string(),
  status: inHouseLinkStatus,
  listedForMembers: z.boolean(),
  createdAt: z.string(),
});
export const notaryOrganisationLinksResponse = z.object({ links: z.array(notaryOrganisationLink) });
export const notaryOrganisationLinkRequest = z.strictObject({
  /** Also appear in the public directory for the organisation's members. */
  listedForMembers: z.boolean(),
});
