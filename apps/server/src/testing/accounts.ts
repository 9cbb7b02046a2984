import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema.ts';
import { type BuildUserOptions, buildersFor, PASSWORD, uniqueEmail } from './builders/index.ts';
import type { TestApp } from './test-app.ts';

export const API = '/api/v1';
// One password and one address counter for built and registered accounts alike.
export { PASSWORD, uniqueEmail } from './builders/index.ts';

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Asha Rao',
    email: uniqueEmail(),
    mobile: '98765 43210',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    role: 'client',
    dateOfBirth: '1990-02-03',
    termsAccepted: true,
    ...overrides,
  };
}

/** The newest mail to an address, from the outbox (what /dev/mailbox shows). */
export async function latestMailTo(t: TestApp, to: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

export async function mailsTo(t: TestApp, to: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

/** The token at the end of the first link in a mail that points at `path` (e.g. '/verify-email/'). */
export function tokenFromMail(text: string, path: string): string {
  const match = text.match(new RegExp(`${path.replace(/\//g, '\\/')}([A-Za-z0-9_-]+)`));
  if (!match?.[1]) throw new Error(`no ${path} link in mail:\n${text}`);
  return match[1];
}

export function sessionCookieOf(res: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = res.cookies.find((c) => c.name.endsWith('mohar_session'));
  if (!cookie) throw new Error('no session cookie set');
  return `${cookie.name}=${cookie.value}`;
}

export function post(t: TestApp, url: string, payload: object, cookie?: string, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: `${API}${url}`,
    payload,
    headers: cookie ? { cookie } : {},
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

let addressCounter = 0;
/**
 * A client address of its own (app.inject is in memory; nothing goes on a network). Set-up helpers use one per
 * account, as real users arrive from different addresses, so per-address rate limits apply only where a test means
 * them to.
 */
export function nextClientAddress(): string {
  addressCounter += 1;
  // TEST-NET-2 (RFC 5737): documentation addresses, never real clients.
  return `198.51.${100 + Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

export function get(t: TestApp, url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url: `${API}${url}`, headers: cookie ? { cookie } : {} });
}

/**
 * A registered, verified account that has never signed in, with two-step verification off, as registering and
 * following the link leave it — built directly, for tests whose subject comes after registration.
 */
export async function verifiedAccount(t: TestApp, options: Omit<BuildUserOptions, 'signedIn'> = {}) {
  const user = await buildersFor(t).user({ mfa: false, ...options, signedIn: false });
  return { email: user.email, password: user.password };
}

/** Logs in and returns the session cookie header value. */
export async function logIn(t: TestApp, credentials: { email: string; password: string }) {
  const res = await post(t, '/login', credentials, undefined, nextClientAddress());
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return sessionCookieOf(res);
}
