import type { SessionUser, UserRole } from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import { decideAccess, isRoleAllowed } from './access';

const userWith = (role: UserRole, extra: Partial<SessionUser> = {}): SessionUser => ({
  _id: 'u1',
  role,
  name: 'Asha Verma',
  email: 'asha@example.in',
  mobile: `+91${'9876543210'}`,
  emailVerified: true,
  mfaEnabled: false,
  mfaSetupRequired: false,
  adminRoles: role === 'admin' ? ['owner'] : [],
  language: null,
  ...extra,
});
const at = (pathname: string, search = '') => ({ pathname, search });

describe('route guard', () => {
  it('sends a visitor who is not signed in to /home with the requested path and query in redirect', () => {
    expect(decideAccess({ user: null, roles: [], location: at('/dashboard/x', '?y=1') })).toEqual({
      kind: 'sign-in',
      to: '/home?redirect=%2Fdashboard%2Fx%3Fy%3D1',
    });
  });

  it('sends a signed-in user whose role the screen does not admit to /404', () => {
    expect(decideAccess({ user: userWith('client'), roles: ['admin'], location: at('/admin/blog') })).toEqual(
      {
        kind: 'forbidden',
        to: '/404',
      },
    );
  });

  it('admits any signed-in user when the allowed-roles list is empty', () => {
    for (const role of ['client', 'notary', 'admin'] as const) {
      expect(decideAccess({ user: userWith(role), roles: [], location: at('/profile') }).kind).toBe('allow');
    }
  });

  it('admits a user whose role is listed', () => {
    const user = userWith('notary');
    expect(decideAccess({ user, roles: ['notary', 'admin'], location: at('/requests') })).toEqual({
      kind: 'allow',
      user,
    });
  });

  it('keeps a user who must set up MFA on the security screen until it is done', () => {
    const user = userWith('admin', { mfaSetupRequired: true });
    expect(decideAccess({ user, roles: ['admin'], location: at('/admin/blog') })).toEqual({
      kind: 'mfa-setup',
      to: '/profile/security',
    });
    expect(decideAccess({ user, roles: [], location: at('/profile/security') }).kind).toBe('allow');
  });

  it('isRoleAllowed: empty list admits all, otherwise membership', () => {
    expect(isRoleAllowed([], 'client')).toBe(true);
    expect(isRoleAllowed(['client'], 'client')).toBe(true);
    expect(isRoleAllowed(['client'], 'notary')).toBe(false);
  });

  it('sends an admin to /404 from a screen of a part of the console their admin roles do not open', () => {
    const support = userWith('admin', { adminRoles: ['support'] });
    const settings = { user: support, roles: ['admin'] as const, location: at('/admin/settings') };
    expect(decideAccess({ ...settings, adminArea: 'fees' })).toEqual({ kind: 'forbidden', to: '/404' });
    expect(decideAccess({ ...settings, adminArea: 'clients' }).kind).toBe('allow');
    const owner = userWith('admin', { adminRoles: ['owner'] });
    expect(decideAccess({ ...settings, user: owner, adminArea: 'fees' }).kind).toBe('allow');
  });
});
