// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import type { SessionUser } from '@mohar/contracts';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppLinkProps, LinkAdapterProvider } from '@/components/app-link';
import { startSession } from '@/features/auth/api/login';
import { queryClient } from '@/lib/query-client';
import { SESSION_QUERY_KEY } from '@/lib/query-keys';
import { renderHtml } from '@/lib/testing/render-html';
import enLayout from '@/locales/en/layout.json';
import { SiteHeader } from './site-header';

const i18n = createInstance();
void i18n.init({ lng: 'en', resources: { en: { layout: enLayout } }, interpolation: { escapeValue: false } });
const Anchor = ({ to, ...rest }: AppLinkProps) => <a href={to} {...rest} />;

const header = () =>
  renderHtml(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <LinkAdapterProvider value={{ Link: Anchor, NavLink: Anchor }}>
          <SiteHeader />
        </LinkAdapterProvider>
      </MantineProvider>
    </I18nextProvider>,
  );

const user: SessionUser = {
  _id: 'u1',
  role: 'client',
  name: 'Asha Rao',
  email: 'asha@example.com',
  mobile: '+91 98123 45678',
  emailVerified: true,
  mfaEnabled: false,
  mfaSetupRequired: false,
  adminRoles: [],
  language: null,
};

describe('the public header after login', () => {
  afterEach(() => queryClient.clear());

  it('shows the signed-in person as soon as the login answer is in, before any navigation', () => {
    expect(header()).toContain('>Login<');
    // What the login form does with the answer; the page navigates only after this.
    startSession(queryClient, user);
    const signedIn = header();
    expect(signedIn).toContain('>Dashboard<');
    expect(signedIn).not.toContain('>Login<');
    expect(signedIn).not.toContain('>Register<');
  });

  it('shows Login again once the session is gone (logout clears the cache; a dead session reads null)', () => {
    startSession(queryClient, user);
    queryClient.clear();
    expect(header()).toContain('>Login<');
    startSession(queryClient, user);
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    expect(header()).toContain('>Login<');
  });
});
