import { z } from 'zod/mini';

/** The one error body every API failure uses. */
export const errorResponse = z.object({
  message: z.string(),
  code: z.string(),
  details: z.optional(z.unknown()),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const fieldIssue = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof fieldIssue>;

// The codes themselves live in a module without zod, so the landing bundle can use them.
export * from './error-codes.ts';
