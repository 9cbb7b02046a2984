import type { UserRole } from '@mohar/contracts';
import { ROLE_DASHBOARD_READS } from '@/features/dashboard/api/dashboard-reads';
import { loadRoleDashboard } from '@/features/dashboard/components/role-dashboards';
import { API_PATHS_AT_BOOT, peekBootRead, startBootRead } from '@/lib/boot-read';

const ROLES: readonly string[] = Object.keys(ROLE_DASHBOARD_READS);

/** The role named by a `/session` answer's body (`{ user: { role } }`), if it is one. */
export function roleOfSessionAnswer(body: unknown): UserRole | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const user = (body as { user?: unknown }).user;
  if (typeof user !== 'object' || user === null) return undefined;
  const role = (user as { role?: unknown }).role;
  return typeof role === 'string' && ROLES.includes(role) ? (role as UserRole) : undefined;
}

let started: Promise<void> = Promise.resolve();

/** Settles once the boot has started the role's reads (at once when it started none): the router then takes them. */
export const roleReadsAtBoot = (): Promise<void> => started;

/**
 * On /dashboard, as soon as the boot's session read names the role: that role's part of the dashboard and its first
 * read start, beside the router's and the screen's files, instead of after the router has loaded (the part) and the
 * screen has rendered (its read). The API client takes the read's answer (lib/boot-read.ts); the guard still decides
 * from the session what is shown. A visitor who is not signed in starts nothing more.
 */
export function startRoleDashboardAtBoot(): Promise<void> {
  const session = peekBootRead(API_PATHS_AT_BOOT.session);
  if (!session) return Promise.resolve();
  // dashboard.html's boot script starts the role's reads itself once the session answers (decision 0077): its step
  // goes first, so the reads below find those already started instead of asking a second time.
  const htmlStep = (globalThis as { moharRoleReads?: Promise<unknown> }).moharRoleReads ?? Promise.resolve();
  started = session
    // A copy of the body: the API client reads the answer itself when the guard asks for the session.
    .then((response) => (response.ok ? response.clone().json() : undefined))
    .then(async (body: unknown) => {
      await htmlStep.catch(() => undefined);
      const role = roleOfSessionAnswer(body);
      if (!role) return;
      for (const path of ROLE_DASHBOARD_READS[role]) startBootRead(path);
      // A failure is the router's to report, when the screen asks for the part again.
      loadRoleDashboard(role).catch(() => undefined);
    })
    .catch(() => undefined);
  return started;
}
