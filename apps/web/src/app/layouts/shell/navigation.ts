import type { SessionUser, UserRole } from '@mohar/contracts';
import { mayOpenScreen, type PrivateScreen, SCREEN_ROLES } from '@/app/access';
import { routePatterns } from '@/config/paths';

/** The sidebar of each role, in order. Labels live in `app.nav.<screen>`. */
const NAVIGATION: Record<UserRole, readonly PrivateScreen[]> = {
  client: ['dashboard', 'applications', 'wallet', 'organisations', 'supportRequests', 'profile'],
  notary: ['dashboard', 'requests', 'notaryRegister', 'supportRequests', 'profile'],
  admin: [
    'dashboard',
    'adminNotaries',
    'adminClients',
    'adminApplications',
    'adminSessions',
    'adminBlog',
    'adminNewsletter',
    'adminRefunds',
    'adminSupport',
    'adminSettings',
    'adminAudit',
    'adminDataRequests',
    'adminAdmins',
  ],
};

export type NavigationItem = { screen: PrivateScreen; to: string };

/** The sidebar of a signed-in user: their role's items, and of an admin's only those their admin roles open. */
export function navigationFor(user: Pick<SessionUser, 'role' | 'adminRoles'>): NavigationItem[] {
  return NAVIGATION[user.role]
    .filter((screen) => mayOpenScreen(screen, user))
    .map((screen) => ({ screen, to: routePatterns[screen] }));
}

/** Pages of a section that live outside its path (the spec fixes the view at /application-view/{id}). */
const ALSO_UNDER: Partial<Record<PrivateScreen, readonly string[]>> = {
  applications: ['/application-view/'],
};

/** Whether a sidebar item stands for the page at `pathname`: its own path or one below it (/profile/security). */
export function isCurrentSection(item: NavigationItem, pathname: string): boolean {
  return (
    pathname === item.to ||
    pathname.startsWith(`${item.to}/`) ||
    (ALSO_UNDER[item.screen] ?? []).some((prefix) => pathname.startsWith(prefix))
  );
}

export { SCREEN_ROLES };
