// zod/mini keeps the web bundle small (schemas tree-shake); the server uses the same schemas through zod's core.
import { z } from 'zod/mini';

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** Shared field rules so every form and route validates the same way. */
export const emailField = z.pipe(
  z
    .string({ message: 'Enter your e-mail address' })
    .check(z.trim(), z.toLowerCase(), z.maxLength(254, 'E-mail is too long')),
  z.email({ message: 'Enter a valid e-mail address' }),
);

/** Indian mobile: +91 followed by 10 digits starting 6–9. Spaces and dashes are tolerated on input. */
export const indianMobileField = z.pipe(
  z.pipe(
    z.string({ message: 'Enter a 10-digit Indian mobile number' }).check(z.trim()),
    z.transform((v: string) => v.replace(/[\s-]/g, '')),
  ),
  z.pipe(
    z.string().check(z.regex(/^(\+91)?[6-9]\d{9}$/, 'Enter a 10-digit Indian mobile number')),
    z.transform((v: string) => (v.startsWith('+91') ? v : `+91${v}`)),
  ),
);

/** The issue message of a malformed record id: how the server's error handler tells it from other params issues. */
export const RECORD_ID_MESSAGE = 'Not a record id';
const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A record's id in a path (every row id is a UUID). The server answers a path whose only fault is such an id with 404
 * (platform/error-handler.ts): a malformed id is just another record the caller cannot see, and never reaches the
 * database.
 */
export const recordId = z.string().check(z.regex(RECORD_ID, RECORD_ID_MESSAGE));

/** `/…/:id` routes. */
export const recordIdParams = z.strictObject({ id: recordId });
