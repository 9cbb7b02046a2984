import { z } from 'zod';

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** Shared field rules so every form and route validates the same way. */
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'E-mail is too long')
  .pipe(z.email({ message: 'Enter a valid e-mail address' }));

/** Indian mobile: +91 followed by 10 digits starting 6–9. Spaces and dashes are tolerated on input. */
export const indianMobileField = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(\+91)?[6-9]\d{9}$/, 'Enter a 10-digit Indian mobile number'))
  .transform((v) => (v.startsWith('+91') ? v : `+91${v}`));
