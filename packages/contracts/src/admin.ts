import { z } from 'zod/mini';
import { applicationListItem } from './applications.ts';
import { adminRole } from './auth.ts';
import { emailField } from './common.ts';
import { pageQuery } from './notaries.ts';
import { notification } from './notifications.ts';
import { walletTransaction } from './payments.ts';

/** The client list's filters (issue 22): verified e-mail, suspended, two-step verification on. */
export const ADMIN_CLIENT_FILTERS = ['verified', 'suspended', 'mfa'] as const;
export const adminClientFilter = z.enum(ADMIN_CLIENT_FILTERS);
export type AdminClientFilter = z.infer<typeof adminClientFilter>;

/** GET /admin/clients: search by name, e-mail or mobile; one filter; pages. */
export const adminClientsQuery = z.strictObject({
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  status: z.optional(adminClientFilter),
  ...pageQuery,
});
export type AdminClientsQuery = z.input<typeof adminClientsQuery>;

export const adminClient = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  emailVerified: z.boolean(),
  mfaEnabled: z.boolean(),
  /** When an admin suspended the account; null while it is active. */
  suspendedAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AdminClient = z.infer<typeof adminClient>;

/** The spec's client list state group: `clients, totalPages, page`. */
export const adminClientsResponse = z.object({
  clients: z.array(adminClient),
  totalPages: z.number(),
  page: z.number(),
});
export type AdminClientsResponse = z.infer<typeof adminClientsResponse>;

/** A signed-in device of the client. */
export const adminClientSession = z.object({
  _id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ipAddress: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
});

export const ACCOUNT_EVENT_ACTIONS = [
  'suspend',
  'reactivate',
  'end_sessions',
  'resend_verification',
  'reset_mfa',
] as const;
export const accountEventAction = z.enum(ACCOUNT_EVENT_ACTIONS);
export type AccountEventAction = z.infer<typeof accountEventAction>;

/** One audited admin action on the account. */
export const accountEvent = z.object({
  _id: z.string(),
  action: accountEventAction,
  actorName: z.string(),
  reason: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AccountEvent = z.infer<typeof accountEvent>;

/** GET /admin/clients/:id: the profile, latest applications, wallet and ledger, devices, and what admins did. */
export const adminClientDetailResponse = z.object({
  client: adminClient,
  applications: z.object({ items: z.array(applicationListItem), total: z.number() }),
  wallet: z.object({ balancePaise: z.int(), transactions: z.array(walletTransaction), total: z.number() }),
  sessions: z.array(adminClientSession),
  events: z.array(accountEvent),
  /** The newest notifications sent to the client (the feed's rows, as they read them), and how many in all. */
  notifications: z.object({ items: z.array(notification), total: z.number() }),
});
export type AdminClientDetail = z.infer<typeof adminClientDetailResponse>;

/** Suspending says why (the audit trail keeps it; at least 5 characters, like a notary's suspension). */
export const suspendClientRequest = z.strictObject({
  reason: z.string().check(z.trim(), z.minLength(5, 'Say why, in at least 5 characters'), z.maxLength(500)),
});
export type SuspendClientRequest = z.input<typeof suspendClientRequest>;

export const adminClientActionResponse = z.object({ client: adminClient, message: z.string() });

/** Resetting two-step verification says why (kept in the audit trail). */
export const resetClientMfaRequest = suspendClientRequest;
export type ResetClientMfaRequest = SuspendClientRequest;

/** The largest single wallet adjustment: ₹1,00,000. Anything bigger is not a correction. */
export const WALLET_ADJUSTMENT_MAX_PAISE = 10_000_000;

/**
 * POST /admin/clients/:id/wallet-adjustments (finance): a signed amount in paise (positive credits the wallet,
 * negative debits it; never below zero) and the reason, which the client reads in their ledger.
 */
export const walletAdjustmentRequest = z.strictObject({
  amountPaise: z.int('Enter the amount in whole paise').check(
    z.refine((n) => n !== 0, 'Enter an amount other than zero'),
    z.minimum(-WALLET_ADJUSTMENT_MAX_PAISE, 'At most ₹1,00,000 at a time'),
    z.maximum(WALLET_ADJUSTMENT_MAX_PAISE, 'At most ₹1,00,000 at a time'),
  ),
  reason: z.string().check(z.trim(), z.minLength(5, 'Say why, in at least 5 characters'), z.maxLength(200)),
});
export type WalletAdjustmentRequest = z.input<typeof walletAdjustmentRequest>;
export const walletAdjustmentResponse = z.object({ balancePaise: z.int(), message: z.string() });

// ── The admins themselves (owner only, decision 0058) ─────────────────────────────────────────────────────────────

/** At least one role, each once. */
export const adminRolesField = z.array(adminRole).check(
  z.minLength(1, 'Choose at least one role'),
  z.refine((roles) => new Set(roles).size === roles.length, 'Each role once'),
);

export const adminMember = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(adminRole),
  /** False until the invited admin has chosen a password (which proves the address). */
  emailVerified: z.boolean(),
  mfaEnabled: z.boolean(),
  /** When their admin access was removed; null while they have it. */
  removedAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AdminMember = z.infer<typeof adminMember>;
export const adminMembersResponse = z.object({ admins: z.array(adminMember) });
export type AdminMembersResponse = z.infer<typeof adminMembersResponse>;

/** POST /admin/admins: invite someone by e-mail; they choose their password from the e-mailed link. */
export const inviteAdminRequest = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(2, 'Enter their name'), z.maxLength(100)),
  email: emailField,
  roles: adminRolesField,
});
export type InviteAdminRequest = z.input<typeof inviteAdminRequest>;

/** PUT /admin/admins/:id/roles */
export const adminRolesRequest = z.strictObject({ roles: adminRolesField });
export type AdminRolesRequest = z.input<typeof adminRolesRequest>;

export const adminMemberResponse = z.object({ admin: adminMember, message: z.string() });
export type AdminMemberResponse = z.infer<typeof adminMemberResponse>;
