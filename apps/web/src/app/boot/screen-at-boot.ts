import { routePatterns } from '@/config/paths';
import { loadNamespaces, loadOwnNamespaces } from '@/lib/i18n';
import { startRoleDashboardAtBoot } from './dashboard-at-boot';
import { matchesPattern } from './session-at-boot';

/**
 * The screens most visits start on, with the layouts and texts the router would ask for only once it has loaded:
 * fetched at boot beside the router's file, so the first paint waits for one round of files, not two (decision
 * 0023). The router's own lazy routes then find these modules already loaded.
 */
const SCREENS_AT_BOOT: readonly { pattern: string; load: () => Promise<unknown>[] }[] = [
  {
    pattern: routePatterns.login,
    load: () => [
      import('@/app/layouts/public-layout-route'),
      import('@/app/layouts/query-layout'),
      import('@/features/auth/components/login-page'),
      // The error and field-message texts come with the form's schemas (features/auth/lib/login-schemas.ts).
      loadOwnNamespaces(['auth']),
    ],
  },
  {
    pattern: routePatterns.resources,
    load: () => [
      import('@/app/layouts/public-layout-route'),
      import('@/app/layouts/query-layout'),
      import('@/features/blog/components/resources-page'),
      loadNamespaces(['blog']),
    ],
  },
  {
    pattern: routePatterns.dashboard,
    load: () => [
      import('@/app/layouts/query-layout'),
      import('@/app/guard'),
      import('@/features/dashboard/components/dashboard-page'),
      loadNamespaces(['app', 'dashboard', 'notaries']),
      // The session was asked for just before (main.tsx): its answer names the role's part and data to start.
      startRoleDashboardAtBoot(),
    ],
  },
];

/** Starts the files of the screen at `pathname` when it is one of those; the router reports any failure itself. */
export function loadScreenAtBoot(pathname: string): void {
  const screen = SCREENS_AT_BOOT.find(({ pattern }) => matchesPattern(pattern, pathname));
  if (!screen) return;
  for (const loading of screen.load()) loading.catch(() => undefined);
}
