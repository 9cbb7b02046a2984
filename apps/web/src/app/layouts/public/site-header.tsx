import { Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink, AppNavLink } from '@/components/app-link';
import { ColorModeToggle } from '@/components/color-mode-toggle';
import { LanguageSwitch } from '@/components/language-switch';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import { useIsSignedIn } from '@/lib/signed-in';
import { NAV_LINKS } from './nav-links';
import classes from './public-layout.module.css';
import { saveLanguageIfSignedIn } from './save-language-if-signed-in';

const loadDrawer = () => import('./site-drawer');
const SiteDrawer = lazy(async () => ({ default: (await loadDrawer()).SiteDrawer }));

// Below md the bar cannot hold the links, both buttons and the language switch (Hindi labels are longer), so
// phones and narrow tablets get the burger.
const COLLAPSE_BELOW = 'md';

/** `loginTo`: the Login link's target, carrying the page a signed-out visitor was sent away from (see PublicLayout). */
export function SiteHeader({ loginTo = paths.auth.login() }: { loginTo?: string }) {
  const { t } = useTranslation('layout');
  const isSignedIn = useIsSignedIn();
  const [isMenuOpen, menu] = useDisclosure(false);
  const [hasOpenedMenu, setHasOpenedMenu] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  // The drawer mounts already open on first use, so Mantine has no earlier focus to restore: return it by hand.
  const closeMenu = () => {
    menu.close();
    burger.current?.focus();
  };

  return (
    <div className={classes.navBar} data-testid="site-header">
      <Container size="lg" h={64}>
        <Group justify="space-between" h="100%" wrap="nowrap" gap="md">
          <AppLink
            to={paths.home()}
            aria-label={t('nav.homeLogo')}
            style={{ display: 'flex', color: 'inherit', textDecoration: 'none' }}
          >
            <Logo size={32} withWordmark />
          </AppLink>

          <Group
            component="nav"
            aria-label={t('nav.label')}
            gap="lg"
            visibleFrom={COLLAPSE_BELOW}
            wrap="nowrap"
          >
            {NAV_LINKS.map((link) => (
              <AppNavLink key={link.key} to={link.to} className={classes.navLink}>
                {t(`nav.${link.key}`)}
              </AppNavLink>
            ))}
          </Group>

          <Group gap="xs" wrap="nowrap">
            <Group visibleFrom={COLLAPSE_BELOW} gap="xs" wrap="nowrap">
              <LanguageSwitch onChoose={saveLanguageIfSignedIn} />
            </Group>
            <ColorModeToggle />
            {isSignedIn ? (
              <Button component={AppLink} to={paths.dashboard()} visibleFrom={COLLAPSE_BELOW}>
                {t('nav.dashboard')}
              </Button>
            ) : (
              <>
                <Button component={AppLink} to={loginTo} variant="default" visibleFrom={COLLAPSE_BELOW}>
                  {t('nav.login')}
                </Button>
                <Button component={AppLink} to={paths.auth.register()} visibleFrom={COLLAPSE_BELOW}>
                  {t('nav.register')}
                </Button>
              </>
            )}
            <Burger
              ref={burger}
              opened={isMenuOpen}
              onClick={() => {
                setHasOpenedMenu(true);
                menu.toggle();
              }}
              // Fetch the drawer as soon as a visitor reaches for the burger, so it opens without a pause.
              onPointerEnter={() => void loadDrawer()}
              onFocus={() => void loadDrawer()}
              hiddenFrom={COLLAPSE_BELOW}
              aria-label={isMenuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
              aria-expanded={isMenuOpen}
            />
          </Group>
        </Group>
      </Container>

      {hasOpenedMenu && (
        <Suspense fallback={null}>
          <SiteDrawer opened={isMenuOpen} onClose={closeMenu} loginTo={loginTo} isSignedIn={isSignedIn} />
        </Suspense>
      )}
    </div>
  );
}
