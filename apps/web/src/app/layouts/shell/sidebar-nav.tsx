import { NavLink, Stack, Text } from '@mantine/core';
import type { SessionUser } from '@mohar/contracts';
import {
  Activity,
  BadgeCheck,
  BuildingComplex,
  FileText,
  FolderSearch,
  Inbox,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  MailCheck,
  Newspaper,
  ReceiptIndianRupee,
  ScrollText,
  Settings,
  ShieldCheck,
  UserCog,
  UserRound,
  Users,
  Wallet,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { PrivateScreen } from '@/app/access';
import { paths } from '@/config/paths';
import { isCurrentSection, navigationFor } from './navigation';

const ICONS: Partial<Record<PrivateScreen, LucideIcon>> = {
  dashboard: LayoutDashboard,
  applications: FileText,
  wallet: Wallet,
  organisations: BuildingComplex,
  profile: UserRound,
  requests: Inbox,
  notaryRegister: BadgeCheck,
  adminNotaries: BadgeCheck,
  adminClients: Users,
  adminApplications: FolderSearch,
  adminSessions: Activity,
  adminBlog: Newspaper,
  adminNewsletter: MailCheck,
  supportRequests: LifeBuoy,
  adminRefunds: ReceiptIndianRupee,
  adminSupport: LifeBuoy,
  adminSettings: Settings,
  adminAudit: ScrollText,
  adminDataRequests: ShieldCheck,
  adminAdmins: UserCog,
};

/** The role's sections. While MFA setup is pending only that screen is open, so only it is offered. */
export function SidebarNav({ user }: { user: SessionUser }) {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();

  if (user.mfaSetupRequired) {
    return (
      <Stack gap="sm" component="nav" aria-label={t('shell.navigationLabel')}>
        <Text size="sm">{t('shell.mfaFirst')}</Text>
        <NavLink
          component={Link}
          to={paths.profile.security()}
          label={t('shell.mfaSetupLink')}
          leftSection={<ShieldCheck size={18} aria-hidden />}
          active={pathname === paths.profile.security()}
          aria-current={pathname === paths.profile.security() ? 'page' : undefined}
        />
      </Stack>
    );
  }

  return (
    <Stack gap={2} component="nav" aria-label={t('shell.navigationLabel')}>
      {navigationFor(user).map((item) => {
        const Icon = ICONS[item.screen];
        const isActive = isCurrentSection(item, pathname);
        return (
          <NavLink
            key={item.screen}
            component={Link}
            to={item.to}
            label={t(`nav.${item.screen}`)}
            leftSection={Icon ? <Icon size={18} aria-hidden /> : null}
            active={isActive}
            aria-current={isActive ? 'page' : undefined}
          />
        );
      })}
    </Stack>
  );
}
