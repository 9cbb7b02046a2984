import { z } from 'zod/mini';
import { emailField, indianMobileField } from './common.ts';

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
