import type { SessionUser, UserRole } from '@mohar/contracts';
import { type AdminArea, mayUseAdminArea } from '@mohar/contracts/admin-access';
import { paths } from '@/config/paths';

// Type-only imports from the contracts: this module is part of the router's chunk, which must not carry zod.

/** Roles a screen admits; an empty list admits any signed-in user (spec §2). */
export type AllowedRoles = readonly UserRole[];

export const ANY_ROLE: AllowedRoles = [];

export function isRoleAllowed(roles: AllowedRoles, role: UserRole): boolean {
  return roles.length === 0 || roles.includes(role);
}

export type AccessDecision =
  | { kind: 'allow'; user: SessionUser }
  /** Not signed in: to /home with the requested path (and query) in `redirect`. */
  | { kind: 'sign-in'; to: string }
  /** The role must set up two-step verification before anything else. */
  | { kind: 'mfa-setup'; to: string }
  /** Signed in, but this screen is not for the user's role. */
  | { kind: 'forbidden'; to: string };

/** The route guard's rule (spec §2, plus MFA setup for roles that must use it), as a pure function. */
export function decideAccess(options: {
  user: SessionUser | null;
  roles: AllowedRoles;
  /** An admin screen's part of the console (issue 22): an admin without one of its roles goes to /404 too. */
  adminArea?: AdminArea;
  location: { pathname: string; search: string };
}): AccessDecision {
  const { user, roles, location, adminArea } = options;
  if (!user)
    return { kind: 'sign-in', to: paths.home({ redirect: `${location.pathname}${location.search}` }) };
  if (user.mfaSetupRequired && location.pathname !== paths.profile.security())
    return { kind: 'mfa-setup', to: paths.profile.security() };
  if (!isRoleAllowed(roles, user.role)) return { kind: 'forbidden', to: paths.notFound() };
  if (adminArea && !mayUseAdminArea(user.adminRoles, adminArea))
    return { kind: 'forbidden', to: paths.notFound() };
  return { kind: 'allow', user };
}

/** Who may open each screen of the signed-in area, keyed like `routePatterns`. The router and the sidebar use it. */
export const SCREEN_ROLES = {
  dashboard: ANY_ROLE,
  profile: ANY_ROLE,
  profileSecurity: ANY_ROLE,
  // Admins open it from their dashboard's counts (sessions live, failed seals).
  applications: ['client', 'admin'],
  applicationNew: ['client'],
  applicationEdit: ['client'],
  // The owner, the notary the request reached and admins: the server answers 404 to anyone else.
  applicationView: ANY_ROLE,
  applicationPay: ['client'],
  // The gateway's page is full-window, without the sidebar (see FULL_WINDOW_SCREENS).
  sandboxCheckout: ['client'],
  wallet: ['client'],
  // Business accounts (decision 0068) are the clients'.
  organisations: ['client'],
  organisation: ['client'],
  organisationInvitation: ['client'],
  notifications: ANY_ROLE,
  // A signed-in user's own support requests (issue 22); admins answer them in the console instead.
  supportRequests: ['client', 'notary'],
  supportRequest: ['client', 'notary'],
  requests: ['notary'],
  // The call takes the whole window (FULL_WINDOW_SCREENS); the server admits only the session's notary.
  notarySession: ['notary'],
  notaryOnboarding: ['notary'],
  notaryRegister: ['notary'],
  adminNotaries: ['admin'],
  adminNotary: ['admin'],
  adminClients: ['admin'],
  adminClient: ['admin'],
  adminApplications: ['admin'],
  adminApplication: ['admin'],
  adminSessions: ['admin'],
  adminBlog: ['admin'],
  adminBlogArticleNew: ['admin'],
  adminBlogArticle: ['admin'],
  adminRefunds: ['admin'],
  adminSupport: ['admin'],
  adminSupportTicket: ['admin'],
  adminNewsletter: ['admin'],
  adminSettings: ['admin'],
  adminAudit: ['admin'],
  adminDataRequests: ['admin'],
  adminAdmins: ['admin'],
} as const satisfies Record<string, AllowedRoles>;

export type PrivateScreen = keyof typeof SCREEN_ROLES;

/**
 * The part of the console each admin screen belongs to (issue 22; `ADMIN_AREAS` says which admin roles use it). The
 * server's routes check the same areas and answer 404, as the guard sends the admin to /404.
 */
export const ADMIN_SCREEN_AREAS: Partial<Record<PrivateScreen, AdminArea>> = {
  adminNotaries: 'notaries',
  adminNotary: 'notaries',
  adminClients: 'clients',
  adminClient: 'clients',
  adminApplications: 'applications',
  adminApplication: 'applications',
  adminSessions: 'applications',
  adminBlog: 'blog',
  adminBlogArticleNew: 'blog',
  adminBlogArticle: 'blog',
  adminRefunds: 'refunds',
  adminSupport: 'support',
  adminSupportTicket: 'support',
  adminNewsletter: 'newsletter',
  adminSettings: 'fees',
  adminAudit: 'audit',
  adminDataRequests: 'dataRequests',
  // The owner alone (decision 0058).
  adminAdmins: 'admins',
};

/** Whether the signed-in user may open a screen: their role, and for admin screens their admin roles. */
export function mayOpenScreen(
  screen: PrivateScreen,
  user: Pick<SessionUser, 'role' | 'adminRoles'>,
): boolean {
  const area = ADMIN_SCREEN_AREAS[screen];
  return isRoleAllowed(SCREEN_ROLES[screen], user.role) && (!area || mayUseAdminArea(user.adminRoles, area));
}

/** Screens behind the guard shown without the app frame: a payment gateway's page takes the whole window. */
export const FULL_WINDOW_SCREENS: readonly PrivateScreen[] = ['sandboxCheckout', 'notarySession'];
