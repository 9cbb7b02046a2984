import { Button, Divider, Drawer, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppLink, AppNavLink } from '@/components/app-link';
import { LanguageSwitch } from '@/components/language-switch';
import { paths } from '@/config/paths';
import { NAV_LINKS } from './nav-links';
import classes from './public-layout.module.css';
import { saveLanguageIfSignedIn } from './save-language-if-signed-in';

/** The phone menu. Loaded on the first burger press, so Drawer's modal machinery stays out of the landing bundle. */
export function SiteDrawer(props: {
  opened: boolean;
  onClose: () => void;
  loginTo: string;
  isSignedIn: boolean;
}) {
  const { opened, onClose, loginTo } = props;
  const { t } = useTranslation('layout');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(320px, 85vw)"
      title={t('nav.menuTitle')}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
    >
      <Stack gap="lg">
        <nav aria-label={t('nav.label')}>
          {NAV_LINKS.map((link) => (
            <AppNavLink key={link.key} to={link.to} className={classes.drawerLink} onClick={onClose}>
              {t(`nav.${link.key}`)}
            </AppNavLink>
          ))}
        </nav>
        <Divider />
        {props.isSignedIn ? (
          <Button component={AppLink} to={paths.dashboard()} fullWidth onClick={onClose}>
            {t('nav.dashboard')}
          </Button>
        ) : (
          <Stack gap="sm">
            <Button component={AppLink} to={loginTo} variant="default" fullWidth onClick={onClose}>
              {t('nav.login')}
            </Button>
            <Button component={AppLink} to={paths.auth.register()} fullWidth onClick={onClose}>
              {t('nav.register')}
            </Button>
          </Stack>
        )}
        <LanguageSwitch fullWidth onChoose={saveLanguageIfSignedIn} />
      </Stack>
    </Drawer>
  );
}
