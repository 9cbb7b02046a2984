// @vitest-environment happy-dom
import type { AdminClientDetail, AdminRole, SessionUser } from '@mohar/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { CurrentUserProvider } from '@/lib/current-user';
import { mountTranslated } from '@/lib/testing/mount';
import en from '@/locales/en/admin-clients.json';
import hi from '@/locales/hi/admin-clients.json';
import { ClientActions } from './client-actions';

const detail: AdminClientDetail = {
  client: {
    _id: 'c1',
    name: 'Asha Rao',
    email: 'asha@example.com',
    mobile: '+91 98765 43210',
    emailVerified: true,
    mfaEnabled: true,
    suspendedAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
  },
  applications: { items: [], total: 0 },
  wallet: { balancePaise: 50_000, transactions: [], total: 0 },
  sessions: [],
  events: [],
  notifications: { items: [], total: 0 },
};

const admin = (adminRoles: AdminRole[]): SessionUser => ({
  _id: 'a1',
  role: 'admin',
  name: 'Admin',
  email: 'admin@example.com',
  mobile: '+91 90000 00000',
  emailVerified: true,
  mfaEnabled: true,
  mfaSetupRequired: false,
  adminRoles,
  language: 'en',
});

async function buttonsFor(adminRoles: AdminRole[]) {
  const { container } = await mountTranslated(
    <QueryClientProvider client={new QueryClient()}>
      <CurrentUserProvider value={admin(adminRoles)}>
        <ClientActions detail={detail} />
      </CurrentUserProvider>
    </QueryClientProvider>,
    { language: 'en', resources: { en: { 'admin-clients': en }, hi: { 'admin-clients': hi } } },
  );
  return [...container.querySelectorAll('[data-testid^="client-action-"]')].map((b) =>
    b.getAttribute('data-testid'),
  );
}

// Decision 0079: finance opens a client's page for the wallet; the account's own actions stay support's.
describe("a client's actions in the console, by the admin's roles", () => {
  it('offers finance the wallet adjustment and none of the account actions', async () => {
    expect(await buttonsFor(['finance'])).toEqual(['client-action-wallet']);
  });

  it('offers support the account actions and not the wallet', async () => {
    expect(await buttonsFor(['support'])).toEqual(['client-action-suspend', 'client-action-resetMfa']);
  });

  it('offers the owner both', async () => {
    expect(await buttonsFor(['owner'])).toEqual([
      'client-action-suspend',
      'client-action-resetMfa',
      'client-action-wallet',
    ]);
  });
});
