/**
 * Admin roles and what each may use (issue 22). No schema library here (`@mohar/contracts/admin-access`): the web
 * router's chunk reads it to build the navigation and guard screens without carrying zod.
 */

/** `owner` may use everything (and, later, manage other admins); the others each run one part of the console. */
export const ADMIN_ROLES = ['owner', 'support', 'content', 'finance', 'compliance'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/**
 * The parts of the console and the roles that may use each (besides `owner`). An empty list admits every admin:
 * the dashboard, which every admin lands on.
 */
export const ADMIN_AREAS = {
  dashboard: [],
  clients: ['support'],
  applications: ['support'],
  support: ['support'],
  blog: ['content'],
  newsletter: ['content'],
  notaries: ['compliance'],
  refunds: ['finance'],
  fees: ['finance'],
  audit: ['compliance'],
} as const satisfies Record<string, readonly AdminRole[]>;
export type AdminArea = keyof typeof ADMIN_AREAS;

/** Whether an admin holding `roles` may use `area`. */
export function mayUseAdminArea(roles: readonly string[], area: AdminArea): boolean {
  const allowed: readonly string[] = ADMIN_AREAS[area];
  return roles.includes('owner') || allowed.length === 0 || allowed.some((role) => roles.includes(role));
}
