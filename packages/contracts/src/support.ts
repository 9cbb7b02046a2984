import { z } from 'zod/mini';
import { emailField, indianMobileField, recordId } from './common.ts';
import { pageQuery } from './notaries.ts';

export const SUPPORT_TOPICS = [
  'demo',
  'notarisation',
  'payments',
  'account',
  'notary_onboarding',
  'other',
] as const;
export const supportTopic = z.enum(SUPPORT_TOPICS, { message: 'Choose a topic' });
export type SupportTopic = z.infer<typeof supportTopic>;

export const supportTicketRequest = z.strictObject({
  name: z
    .string({ message: 'Enter your name' })
    .check(z.trim(), z.minLength(2, 'Enter your name'), z.maxLength(100, 'Name is too long')),
  email: emailField,
  phone: z.optional(
    z.union([
      indianMobileField,
      z.pipe(
        z.literal(''),
        z.transform(() => undefined),
      ),
    ]),
  ),
  topic: supportTopic,
  /** A signed-in client may name one of their applications; a visitor's ticket has none. */
  applicationId: z.optional(recordId),
  message: z
    .string({ message: 'Write your message' })
    .check(
      z.trim(),
      z.minLength(10, 'Tell us a little more (at least 10 characters)'),
      z.maxLength(5000, 'Message is too long (5000 characters at most)'),
    ),
});
export type SupportTicketRequest = z.input<typeof supportTicketRequest>;

export const supportTicketResponse = z.object({ message: z.string(), reference: z.string() });
export type SupportTicketResponse = z.infer<typeof supportTicketResponse>;

/** The support inbox (issue 22). A ticket moves new → open → waiting_on_customer → closed (and back, see the service). */
export const SUPPORT_TICKET_STATUSES = ['new', 'open', 'waiting_on_customer', 'closed'] as const;
export const supportTicketStatus = z.enum(SUPPORT_TICKET_STATUSES);
export type SupportTicketStatus = z.infer<typeof supportTicketStatus>;

/** The statuses an admin may set by hand (`new` is only where a ticket starts). */
export const supportStatusRequest = z.strictObject({
  status: z.enum(['open', 'waiting_on_customer', 'closed']),
});

/**
 * The first reply is due within one working day of service hours (10:00–20:00 IST, 600 minutes), as the contact
 * page's answer promises; the inbox flags tickets past it.
 */
export const SUPPORT_FIRST_RESPONSE_TARGET_MINUTES = 600;

/** A reply, an internal note or a customer's answer. */
export const supportMessageRequest = z.strictObject({
  body: z
    .string({ message: 'Write your message' })
    .check(
      z.trim(),
      z.minLength(2, 'Write your message'),
      z.maxLength(5000, 'Message is too long (5000 characters at most)'),
    ),
});
export type SupportMessageRequest = z.input<typeof supportMessageRequest>;

export const supportAssignRequest = z.strictObject({ assigneeId: z.nullable(recordId) });

/** GET /admin/support/tickets: status (default: every one but closed), `assignee` me | none | an id, free text. */
export const adminSupportTicketsQuery = z.strictObject({
  status: z.optional(z.enum([...SUPPORT_TICKET_STATUSES, 'active', 'all'])),
  assignee: z.optional(z.string().check(z.trim(), z.maxLength(36))),
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  ...pageQuery,
});
export type AdminSupportTicketsQuery = z.input<typeof adminSupportTicketsQuery>;

const person = z.object({ _id: z.string(), name: z.string() });

export const adminSupportTicket = z.object({
  _id: z.string(),
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  topic: supportTopic,
  status: supportTicketStatus,
  assignee: z.nullable(person),
  hasAccount: z.boolean(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
  firstResponseAt: z.nullable(z.string()),
  /** Service-hours minutes from the ticket to its first reply (or to now, while none was sent). */
  firstResponseMinutes: z.number(),
  /** No reply yet and past SUPPORT_FIRST_RESPONSE_TARGET_MINUTES, or the first reply came after it. */
  isResponseLate: z.boolean(),
});
export type AdminSupportTicket = z.infer<typeof adminSupportTicket>;

export const adminSupportTicketsResponse = z.object({
  tickets: z.array(adminSupportTicket),
  totalPages: z.number(),
  page: z.number(),
});
export type AdminSupportTicketsResponse = z.infer<typeof adminSupportTicketsResponse>;

export const SUPPORT_MESSAGE_KINDS = ['customer', 'reply', 'note'] as const;
export const supportMessageKind = z.enum(SUPPORT_MESSAGE_KINDS);

export const supportThreadMessage = z.object({
  _id: z.string(),
  kind: supportMessageKind,
  body: z.string(),
  createdAt: z.string(),
  /** The admin who wrote a reply or note; null for the customer. */
  author: z.nullable(person),
});
export type SupportThreadMessage = z.infer<typeof supportThreadMessage>;

export const adminSupportTicketResponse = z.object({
  ticket: z.extend(adminSupportTicket, {
    phone: z.nullable(z.string()),
    message: z.string(),
    userId: z.nullable(z.string()),
    applicationId: z.nullable(z.string()),
  }),
  /** Replies, notes and the customer's answers after the first message, oldest first. */
  messages: z.array(supportThreadMessage),
  /** Who the ticket may be assigned to: active admins with `support` or `owner`. */
  assignees: z.array(person),
});
export type AdminSupportTicketResponse = z.infer<typeof adminSupportTicketResponse>;

/** What the customer sees (by the reply link or signed in): no internal notes, no admins' names. */
export const customerSupportThreadResponse = z.object({
  ticket: z.object({
    _id: z.string(),
    reference: z.string(),
    topic: supportTopic,
    status: supportTicketStatus,
    name: z.string(),
    message: z.string(),
    createdAt: z.string(),
  }),
  messages: z.array(
    z.object({
      _id: z.string(),
      kind: z.enum(['customer', 'reply']),
      body: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type CustomerSupportThreadResponse = z.infer<typeof customerSupportThreadResponse>;

/** GET /support/tickets: the signed-in user's own tickets, newest activity first. */
export const mySupportTicketsResponse = z.object({
  tickets: z.array(
    z.object({
      _id: z.string(),
      reference: z.string(),
      topic: supportTopic,
      status: supportTicketStatus,
      createdAt: z.string(),
      lastActivityAt: z.string(),
    }),
  ),
});
export type MySupportTicketsResponse = z.infer<typeof mySupportTicketsResponse>;

/** A reply link's token in the path (256-bit, base64url). */
export const supportReplyTokenParams = z.strictObject({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not a reply link')),
});
