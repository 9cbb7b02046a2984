import { z } from 'zod';
import { emailField, indianMobileField } from './common.ts';

export const SUPPORT_TOPICS = [
  'demo',
  'notarisation',
  'payments',
  'account',
  'notary_onboarding',
  'other',
] as const;
export const supportTopic = z.enum(SUPPORT_TOPICS);
export type SupportTopic = z.infer<typeof supportTopic>;

export const supportTicketRequest = z.strictObject({
  name: z.string().trim().min(2, 'Enter your name').max(100, 'Name is too long'),
  email: emailField,
  phone: z.union([indianMobileField, z.literal('').transform(() => undefined)]).optional(),
  topic: supportTopic,
  message: z
    .string()
    .trim()
    .min(10, 'Tell us a little more (at least 10 characters)')
    .max(5000, 'Message is too long (5000 characters at most)'),
});
export type SupportTicketRequest = z.input<typeof supportTicketRequest>;

export const supportTicketResponse = z.object({ message: z.string(), reference: z.string() });
export type SupportTicketResponse = z.infer<typeof supportTicketResponse>;
