import type { AdminRole } from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import { isRoleAllowed } from '@/app/access';
import { isCurrentSection, navigationFor, SCREEN_ROLES } from './navigation';

describe('sidebar navigation by role', () => {
  it('client: Dashboard, Applications, Wallet, Organisations, Support, Profile', () => {
    expect(navigationFor({ role: 'client', adminRoles: [] }).map((item) => item.to)).toEqual([
      '/dashboard',
      '/applications',
      '/wallet',
      '/organisations',
      '/support/requests',
      '/profile',
    ]);
  });

  it('notary: Dashboard, Requests, Register (notary onboarding), Support, Profile', () => {
    expect(navigationFor({ role: 'notary', adminRoles: [] }).map((item) => item.to)).toEqual([
      '/dashboard',
      '/requests',
      '/notary/register',
      '/support/requests',
      '/profile',
    ]);
  });

  it('an owner: Dashboard, Notaries, Clients, Applications, Sessions, Blog, Newsletter, Refunds, Support, Settings, Audit, Data requests, Admins', () => {
    expect(navigationFor({ role: 'admin', adminRoles: ['owner'] }).map((item) => item.to)).toEqual([
      '/dashboard',
      '/admin/notaries',
      '/admin/clients',
      '/admin/applications',
      '/admin/sessions',
      '/admin/blog',
      '/admin/newsletter',
      '/admin/refunds',
      '/admin/support',
      '/admin/settings',
      '/admin/audit',
      '/admin/data-requests',
      '/admin/admins',
    ]);
  });

  it('shows an admin only the parts of the console their admin roles open', () => {
    const items = (adminRoles: AdminRole[]) =>
      navigationFor({ role: 'admin', adminRoles }).map((item) => item.to);
    expect(items(['support'])).toEqual([
      '/dashboard',
      '/admin/clients',
      '/admin/applications',
      '/admin/sessions',
      '/admin/support',
      '/admin/data-requests',
    ]);
    // Finance finds a client to adjust their wallet (decision 0079).
    expect(items(['finance'])).toEqual(['/dashboard', '/admin/clients', '/admin/refunds', '/admin/settings']);
    expect(items(['content'])).toEqual(['/dashboard', '/admin/blog', '/admin/newsletter']);
    expect(items(['compliance'])).toEqual([
      '/dashboard',
      '/admin/notaries',
      '/admin/audit',
      '/admin/data-requests',
    ]);
    expect(items(['content', 'finance'])).toEqual([
      '/dashboard',
      '/admin/clients',
      '/admin/blog',
      '/admin/newsletter',
      '/admin/refunds',
      '/admin/settings',
    ]);
    expect(items([])).toEqual(['/dashboard']);
    // Managing admins is the owner's alone (decision 0058): no other role, nor all four together, opens it.
    expect(items(['support', 'content', 'finance', 'compliance'])).not.toContain('/admin/admins');
  });

  it('never offers a link the guard would refuse', () => {
    for (const role of ['client', 'notary', 'admin'] as const) {
      for (const item of navigationFor({ role, adminRoles: role === 'admin' ? ['owner'] : [] }))
        expect(isRoleAllowed(SCREEN_ROLES[item.screen], role)).toBe(true);
    }
  });

  it('marks a section current on its own path and the paths below it only', () => {
    const profile = { screen: 'profile', to: '/profile' } as const;
    expect(isCurrentSection(profile, '/profile')).toBe(true);
    expect(isCurrentSection(profile, '/profile/security')).toBe(true);
    expect(isCurrentSection(profile, '/profiles')).toBe(false);
    const applications = { screen: 'applications', to: '/applications' } as const;
    expect(isCurrentSection(applications, '/applications/new')).toBe(true);
    expect(isCurrentSection(applications, '/application-view/0b7c')).toBe(true);
    expect(isCurrentSection(applications, '/applications/0b7c/pay')).toBe(true);
    expect(isCurrentSection(profile, '/application-view/0b7c')).toBe(false);
  });
});
