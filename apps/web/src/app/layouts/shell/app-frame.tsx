import { AppShell, Box, Burger, Group } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import type { SessionUser } from '@mohar/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ColorModeToggle } from '@/components/color-mode-toggle';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useNotificationStream } from '@/features/notifications/hooks/use-notification-stream';
import { ActingAsSwitcherOnDemand } from '@/features/organisations/components/acting-as-switcher-on-demand';
import { AccountLanguageSwitch } from '@/features/profile/components/account-language-switch';
import { PrivacyNoticesOnDemand } from '@/features/profile/components/privacy-notices-on-demand';
import classes from './app-shell.module.css';
import { SidebarNav } from './sidebar-nav';
import { UserMenu } from './user-menu';

const SIDEBAR_STORAGE_KEY = 'mohar.sidebar';
const NAVBAR_ID = 'app-navbar';
const MAIN_ID = 'main-content';
// Mantine's `sm` breakpoint: below it the sidebar is a drawer over the page, above it a column beside it.
const DESKTOP_QUERY = '(min-width: 48em)';

/**
 * The signed-in frame: header (logo, sidebar toggle, language, colour mode, user menu), the role's sidebar and the
 * screen.
 * On desktop the sidebar is open by default and the choice is remembered; on phones it opens over the page.
 */
export function AppFrame({ user, children }: { user: SessionUser; children: ReactNode }) {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();
  const [isMobileOpen, mobile] = useDisclosure(false);
  const [isDesktopOpen, setIsDesktopOpen] = useLocalStorage({
    key: SIDEBAR_STORAGE_KEY,
    defaultValue: true,
    // Read at once, so a closed sidebar does not flash open on every page load.
    getInitialValueInEffect: false,
  });
  const isDesktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const mobileBurger = useRef<HTMLButtonElement>(null);
  const isCollapsed = isDesktop ? !isDesktopOpen : !isMobileOpen;
  // A phone's sidebar is a closed drawer off screen: its links are drawn right after the first paint rather than in
  // it, the first render being one long task at a phone's speed (decision 0041). On desktop it is shown at once.
  const [hasSidebar, setHasSidebar] = useState(isDesktop);
  useEffect(() => {
    if (hasSidebar) return;
    const timer = window.setTimeout(() => setHasSidebar(true));
    return () => window.clearTimeout(timer);
  }, [hasSidebar]);
  useNotificationStream(user._id);

  // A link followed in the phone drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the path only.
  useEffect(() => mobile.close(), [pathname]);

  const closeMobile = () => {
    mobile.close();
    mobileBurger.current?.focus();
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 260,
        breakpoint: 'sm',
        collapsed: { mobile: !isMobileOpen, desktop: !isDesktopOpen },
      }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <a href={`#${MAIN_ID}`} className={classes.skipLink}>
        {t('shell.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              ref={mobileBurger}
              opened={isMobileOpen}
              onClick={mobile.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('shell.toggleNavigation')}
              aria-expanded={isMobileOpen}
              aria-controls={NAVBAR_ID}
            />
            <Burger
              opened={isDesktopOpen}
              onClick={() => setIsDesktopOpen((open) => !open)}
              visibleFrom="sm"
              size="sm"
              aria-label={t('shell.toggleNavigation')}
              aria-expanded={isDesktopOpen}
              aria-controls={NAVBAR_ID}
            />
            <Link to={paths.dashboard()} aria-label={t('shell.logoLabel')} className={classes.logoLink}>
              <Logo size={28} withWordmark />
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {user.role === 'client' && (
              <Box visibleFrom="sm">
                <ActingAsSwitcherOnDemand />
              </Box>
            )}
            <Box visibleFrom="sm">
              <AccountLanguageSwitch />
            </Box>
            <NotificationBell />
            <ColorModeToggle />
            <UserMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        id={NAVBAR_ID}
        p="sm"
        // Off screen is not enough: a collapsed sidebar must also leave the tab order and the accessibility tree.
        inert={isCollapsed}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !isDesktop) closeMobile();
        }}
      >
        {hasSidebar || isMobileOpen ? <SidebarNav user={user} /> : null}
        {/* On phones the header has no room for it: the language switch sits at the drawer's foot. */}
        <Box hiddenFrom="sm" mt="auto" pt="md">
          {user.role === 'client' && isMobileOpen && <ActingAsSwitcherOnDemand fullWidth />}
          <AccountLanguageSwitch fullWidth />
        </Box>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <PrivacyNoticesOnDemand />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
