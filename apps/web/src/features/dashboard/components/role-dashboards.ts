import type { UserRole } from '@mohar/contracts';
import type { ComponentType } from 'react';

/**
 * Each role's part of the dashboard is its own file: a client's dashboard does not load the notary's availability
 * form (the form kit, zod, Select) nor the admin's counts. The router starts the signed-in role's file beside the
 * dashboard's own as soon as the session is known (app/router.tsx), so the screen still renders whole at once.
 */
const loaders: Record<UserRole, () => Promise<ComponentType>> = {
  client: () => import('./client-dashboard').then((m) => m.ClientDashboard),
  notary: () => import('./notary-dashboard').then((m) => m.NotaryDashboard),
  admin: () => import('./admin-dashboard').then((m) => m.AdminDashboard),
};

const loaded = new Map<UserRole, ComponentType>();
const loading = new Map<UserRole, Promise<ComponentType>>();

/** The role's dashboard, fetched once; a failed fetch is tried again on the next call. */
export function loadRoleDashboard(role: UserRole): Promise<ComponentType> {
  const pending = loading.get(role);
  if (pending) return pending;
  const started = loaders[role]().then((component) => {
    loaded.set(role, component);
    return component;
  });
  loading.set(role, started);
  started.catch(() => loading.delete(role));
  return started;
}

/** The role's dashboard if its file has already loaded, for a first render without a loading state. */
export const loadedRoleDashboard = (role: UserRole): ComponentType | undefined => loaded.get(role);
