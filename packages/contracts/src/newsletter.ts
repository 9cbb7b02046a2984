import { z } from 'zod/mini';
import { emailField } from './common.ts';
import { pageQuery } from './notaries.ts';

export const newsletterSubscribeRequest = z.strictObject({ email: emailField });
export type NewsletterSubscribeRequest = z.infer<typeof newsletterSubscribeRequest>;

/** The same answer whether the address is new or known, so the form reveals nothing about other subscribers. */
export const NEWSLETTER_SUBSCRIBED_MESSAGE =
  'Almost done: we have sent you an e-mail. Open its link to confirm your subscription.';

/** The confirmation and unsubscribe links' token (in the request body, never logged in a path). */
export const newsletterTokenRequest = z.strictObject({
  token: z.string().check(z.regex(/^[A-Za-z0-9_.-]{20,200}$/, 'Not a newsletter link')),
});

export const NEWSLETTER_SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export const newsletterSubscriberStatus = z.enum(NEWSLETTER_SUBSCRIBER_STATUSES);
export type NewsletterSubscriberStatus = z.infer<typeof newsletterSubscriberStatus>;

/** GET /admin/newsletter/subscribers (and .csv). */
export const adminSubscribersQuery = z.strictObject({
  status: z.optional(newsletterSubscriberStatus),
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  ...pageQuery,
});
export type AdminSubscribersQuery = z.input<typeof adminSubscribersQuery>;

export const newsletterSubscriber = z.object({
  _id: z.string(),
  email: z.string(),
  status: newsletterSubscriberStatus,
  createdAt: z.string(),
  confirmedAt: z.nullable(z.string()),
  unsubscribedAt: z.nullable(z.string()),
});
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriber>;

export const adminSubscribersResponse = z.object({
  subscribers: z.array(newsletterSubscriber),
  totalPages: z.number(),
  page: z.number(),
});
export type AdminSubscribersResponse = z.infer<typeof adminSubscribersResponse>;

/** POST /admin/newsletter/mailings: sent to confirmed subscribers only, each mail with its own unsubscribe link. */
export const newsletterMailingRequest = z.strictObject({
  subject: z.string().check(z.trim(), z.minLength(3, 'Write a subject'), z.maxLength(200)),
  text: z.string().check(z.trim(), z.minLength(10, 'Write the mailing'), z.maxLength(20_000)),
});
export type NewsletterMailingRequest = z.input<typeof newsletterMailingRequest>;
export const newsletterMailingResponse = z.object({ recipients: z.number(), message: z.string() });
