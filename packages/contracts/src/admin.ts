import { z } from 'zod/mini';
import { applicationListItem } from './applications.ts';
import { pageQuery } from './notaries.ts';
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
});
export type AdminClientDetail = z.infer<typeof adminClientDetailResponse>;

/** Suspending says why (the audit trail keeps it; at least 5 characters, like a notary's suspension). */
export const suspendClientRequest = z.strictObject({
  reason: z.string().check(z.trim(), z.minLength(5, 'Say why, in at least 5 characters'), z.maxLength(500)),
});
export type SuspendClientRequest = z.input<typeof suspendClientRequest>;

export const adminClientActionResponse = z.object({ client: adminClient, message: z.string() });
