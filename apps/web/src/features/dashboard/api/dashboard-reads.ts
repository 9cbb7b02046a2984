import type { UserRole } from '@mohar/contracts';

/** The newest applications the dashboard looks through for work in progress (a client rarely has more at once). */
export const DASHBOARD_PAGE_SIZE = 20;

export const DASHBOARD_READ_PATHS = {
  applications: `/applications?page=1&pageSize=${DASHBOARD_PAGE_SIZE}`,
  admin: '/admin/dashboard',
} as const;

/**
 * The first read each role's part of the dashboard makes. No imports beyond types: the boot asks for these as soon
 * as the session names the role (app/boot/dashboard-at-boot.ts), before the API client's file has loaded.
 */
export const ROLE_DASHBOARD_READS: Record<UserRole, readonly string[]> = {
  client: [DASHBOARD_READ_PATHS.applications],
  notary: [DASHBOARD_READ_PATHS.applications],
  admin: [DASHBOARD_READ_PATHS.admin],
};
