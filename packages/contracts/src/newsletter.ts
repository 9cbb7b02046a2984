import { z } from 'zod/mini';
import { emailField } from './common.ts';

export const newsletterSubscribeRequest = z.strictObject({ email: emailField });
export type NewsletterSubscribeRequest = z.infer<typeof newsletterSubscribeRequest>;

/** The same answer whether the address is new or known, so the form reveals nothing about other subscribers. */
export const NEWSLETTER_SUBSCRIBED_MESSAGE = 'Thanks! You are subscribed to Mohar updates.';
