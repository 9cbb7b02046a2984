import { routePatterns } from '@/config/paths';
import { API_PATHS_AT_BOOT, startBootRead } from '@/lib/boot-read';

/**
 * Public pages that never read the session. Every other path does on its first render: the signed-in screens (the
 * guard), an unknown path (the guard decides between "not found" and /home), /login and /sign-in-link (a signed-in
 * visitor is sent on).
 */
const WITHOUT_SESSION: readonly string[] = [
  routePatterns.home,
  routePatterns.contact,
  routePatterns.resources,
  routePatterns.article,
  routePatterns.terms,
  routePatterns.refund,
  routePatterns.privacy,
  routePatterns.about,
  routePatterns.pricing,
  routePatterns.career,
  routePatterns.logout,
  routePatterns.register,
  routePatterns.forgotPassword,
  routePatterns.resetPassword,
  routePatterns.verifyEmail,
  routePatterns.accessApplication,
  routePatterns.portalSession,
  routePatterns.notaryDirectory,
  routePatterns.devMailbox,
  routePatterns.notFound,
  routePatterns.serverError,
  routePatterns.verify,
  routePatterns.verifyCode,
];

/** React Router's matching for these patterns: `:name` is one non-empty segment, a trailing slash is allowed. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  return (
    want.length === have.length &&
    want.every((segment, i) => (segment.startsWith(':') ? have[i] !== '' : segment === have[i]))
  );
}

/** Whether the screen at `pathname` reads the session before it shows anything. */
export function readsSessionFirst(pathname: string): boolean {
  if (pathname === '/' || pathname === '') return false;
  return !WITHOUT_SESSION.some((pattern) => matchesPattern(pattern, pathname));
}

/**
 * Asks for `/session` (and /resources' article list) at boot when the screen will need it, beside the router's and
 * the screen's files rather than after them (docs/decisions/0018-js-chunks-and-first-paint.md, 0028).
 */
export function readSessionAtBoot(pathname: string): void {
  for (const path of apiReadsAtBoot(pathname)) startBootRead(path);
}

/**
 * The API reads the screen at `pathname` starts with: the session where it reads it first, and on /resources the
 * article list, whose first card's image is the page's largest paint (decision 0028).
 */
export function apiReadsAtBoot(pathname: string): string[] {
  const reads: string[] = [];
  if (readsSessionFirst(pathname)) reads.push(API_PATHS_AT_BOOT.session);
  if (matchesPattern(routePatterns.resources, pathname)) reads.push(API_PATHS_AT_BOOT.blogs);
  return reads;
}
