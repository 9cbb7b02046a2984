import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/current-user';
import { ActiveSessions } from './active-sessions';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { DataExportSection } from './data-export-section';
import { LanguageSection } from './language-section';
import { NotificationPreferences } from './notification-preferences';
import { ProfileDetailsForm } from './profile-details-form';
import { SecuritySection } from './security-section';
import { YourDataSection } from './your-data-section';

type Section = 'account' | 'security';

function ProfileFrame({ section, children }: { section: Section; children: ReactNode }) {
  const { t } = useTranslation('profile');
  const user = useCurrentUser();
  const sections = [
    { key: 'account', to: paths.profile.view() },
    { key: 'security', to: paths.profile.security() },
  ] as const;
  return (
    <Container size="md" px={0}>
      <title>{`${t(`sections.${section}`)} · ${t('title')} · Mohar`}</title>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
        </Stack>
        {/* Each section has its own address (/profile/security is where MFA setup is required), so links, not tabs. */}
        <Group component="nav" aria-label={t('sections.label')} gap="xs">
          {sections.map((item) => (
            <Button
              key={item.key}
              component={NavLink}
              to={item.to}
              end
              variant={item.key === section ? 'filled' : 'default'}
            >
              {t(`sections.${item.key}`)}
            </Button>
          ))}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}

/** "Download my data" is a client's (a notary's or admin's view of applications is other people's data). */
function ClientDataExport() {
  return useCurrentUser().role === 'client' ? <DataExportSection /> : null;
}

/** /profile — details, language, notifications, e-mail, password and where the account is signed in. */
export function ProfilePage() {
  return (
    <ProfileFrame section="account">
      <ProfileDetailsForm />
      <LanguageSection />
      <NotificationPreferences />
      <ChangeEmailForm />
      <ChangePasswordForm />
      <ActiveSessions />
      <YourDataSection />
      <ClientDataExport />
    </ProfileFrame>
  );
}

/** /profile/security — two-step verification (MFA). */
export function ProfileSecurityPage() {
  return (
    <ProfileFrame section="security">
      <SecuritySection />
    </ProfileFrame>
  );
}
