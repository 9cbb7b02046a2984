import { verifyCodeParams } from '@mohar/contracts';
import { z } from 'zod/mini';

/**
 * A verification code from the address (the certificate page's QR code or its printed link), made the way the
 * server writes codes: capitals and digits. Null when it cannot be one: the page then says "Not notarised by Mohar"
 * without asking the server.
 */
export function normaliseVerifyCode(raw: string | undefined): string | null {
  const code = (raw ?? '')
    .trim()
    .replace(/[\s-]+/g, '')
    .toUpperCase();
  return z.safeParse(verifyCodeParams, { code }).success ? code : null;
}
