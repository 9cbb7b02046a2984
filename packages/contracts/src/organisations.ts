import { z } from 'zod/mini';
import { emailField, recordId } from './common.ts';
import { GST_STATE_CODES, type GstStateCode, gstinProblem } from './gstin.ts';

/** Business accounts (issue 25, decision 0068). */
export const ORGANISATION_ROLES = ['owner', 'admin', 'member'] as const;
export const organisationRole = z.enum(ORGANISATION_ROLES, { message: 'Choose a role' });
export type OrganisationRole = z.infer<typeof organisationRole>;

/** The request header that says for whom a signed-in person acts: an organisation's id; absent, themselves. */
export const ACTING_AS_HEADER = 'x-acting-as';

/** Owners and admins see and manage everything of the organisation; members their own applications. */
export const managesOrganisation = (role: OrganisationRole) => role === 'owner' || role === 'admin';

export const gstStateCode = z.enum(GST_STATE_CODES as [GstStateCode, ...GstStateCode[]], {
  message: 'Choose the state of GST registration',
});

const GSTIN_MESSAGES = {
  format: 'Enter a 15-character GSTIN, for example 27AAPFU0939F1ZV',
  state: 'The first two digits of the GSTIN are not a GST state code',
  checksum: 'This GSTIN is not valid: check it for a typing mistake',
} as const;

/** gstinProblem names the first problem only, so at most one of these fails. */
export const gstinField = z.string({ message: 'Enter the GSTIN' }).check(
  z.trim(),
  z.toUpperCase(),
  z.refine((value) => gstinProblem(value) !== 'format', GSTIN_MESSAGES.format),
  z.refine((value) => gstinProblem(value) !== 'state', GSTIN_MESSAGES.state),
  z.refine((value) => gstinProblem(value) !== 'checksum', GSTIN_MESSAGES.checksum),
);

const text = (label: string, max: number) =>
  z
    .string({ message: `Enter the ${label}` })
    .check(z.trim(), z.minLength(2, `Enter the ${label}`), z.maxLength(max, `The ${label} is too long`));

export const organisationDetailsRequest = z
  .strictObject({
    legalName: text('legal name', 200),
    gstin: gstinField,
    billingAddress: text('billing address', 500),
    gstState: gstStateCode,
    /** Send requests only to the organisation's own notaries (otherwise they are offered first). */
    inHouseNotariesOnly: z.optional(z.boolean()),
  })
  .check(
    z.refine((value) => value.gstin.slice(0, 2) === value.gstState, {
      message: 'The GSTIN belongs to another state: its first two digits are the state code',
      path: ['gstin'],
    }),
  );
export type OrganisationDetailsRequest = z.infer<typeof organisationDetailsRequest>;

export const organisation = z.object({
  _id: z.string(),
  legalName: z.string(),
  gstin: z.string(),
  billingAddress: z.string(),
  gstState: z.string(),
  inHouseNotariesOnly: z.boolean(),
  /** The caller's role in it. */
  role: organisationRole,
  createdAt: z.string(),
});
export type Organisation = z.infer<typeof organisation>;

export const organisationResponse = z.object({ organisation });
export const organisationListResponse = z.object({
  organisations: z.array(z.object({ _id: z.string(), legalName: z.string(), role: organisationRole })),
});
export type OrganisationSummary = z.infer<typeof organisationListResponse>['organisations'][number];

export const organisationMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: organisationRole,
  joinedAt: z.string(),
});
export type OrganisationMember = z.infer<typeof organisationMember>;

export const organisationInvitation = z.object({
  _id: z.string(),
  email: z.string(),
  role: organisationRole,
  invitedByName: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type OrganisationInvitation = z.infer<typeof organisationInvitation>;

export const organisationMembersResponse = z.object({
  members: z.array(organisationMember),
  invitations: z.array(organisationInvitation),
});
export type OrganisationMembersResponse = z.infer<typeof organisationMembersResponse>;

export const organisationInviteRequest = z.strictObject({ email: emailField, role: organisationRole });
export type OrganisationInviteRequest = z.infer<typeof organisationInviteRequest>;
export const organisationRoleRequest = z.strictObject({ role: organisationRole });

export const organisationInvitationToken = z
  .string({ message: 'This invitation link is not valid' })
  .check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, 'This invitation link is not valid'));
export const acceptInvitationRequest = z.strictObject({ token: organisationInvitationToken });
/** What the invitation page shows before the person accepts. */
export const invitationPreviewResponse = z.object({
  organisationName: z.string(),
  role: organisationRole,
  email: z.string(),
});

export const organisationMemberParams = z.strictObject({ id: recordId, userId: recordId });
export const organisationInvitationParams = z.strictObject({ id: recordId, invitationId: recordId });
