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
