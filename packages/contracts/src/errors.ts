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

/** Stable dotted codes; the web app maps them to text in one place. */
export const ERROR_CODES = {
  requestInvalid: 'request.invalid',
  rateLimited: 'request.rate_limited',
  routeNotFound: 'route.not_found',
  internal: 'internal.error',
  unavailable: 'service.unavailable',
  blogNotFound: 'blog.not_found',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
