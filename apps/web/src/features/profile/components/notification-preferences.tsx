import { Switch, Table, Text } from '@mantine/core';
import type { PreferenceKind } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { LoadFailure, LoadingStatus } from '@/components/query-states';
import {
  type NotificationPreference,
  usePreferences,
  useSavePreferences,
} from '../api/notification-preferences';
import { SectionCard } from './section-card';

/**
 * Notification preferences (issue 26): per kind, in the feed and by e-mail. Security and legal e-mails are shown
 * switched on and locked (the server refuses to turn them off too). Each switch saves at once.
 */
export function NotificationPreferences() {
  const { t } = useTranslation('profile');
  const preferences = usePreferences();
  const save = useSavePreferences();

  const change = (preference: NotificationPreference, changes: { inApp?: boolean; email?: boolean }) =>
    save.mutate({
      preferences: [{ kind: preference.kind, inApp: preference.inApp, email: preference.email, ...changes }],
    });
  const kindLabel = (kind: PreferenceKind) => t(`notifications.kinds.${kind}`);

  return (
    <SectionCard
      id="notification-preferences-heading"
      title={t('notifications.title')}
      intro={t('notifications.intro')}
    >
      {preferences.isPending ? (
        <LoadingStatus label={t('notifications.loading')} />
      ) : preferences.isError ? (
        <LoadFailure
          title={t('notifications.loadFailedTitle')}
          message={t('notifications.loadFailed')}
          retryLabel={t('notifications.retry')}
          onRetry={() => void preferences.refetch()}
        />
      ) : (
        <>
          {save.isError && <FormAlert tone="error">{t('notifications.saveFailed')}</FormAlert>}
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs" aria-labelledby="notification-preferences-heading">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('notifications.kind')}</Table.Th>
                  <Table.Th>{t('notifications.inApp')}</Table.Th>
                  <Table.Th>{t('notifications.email')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preferences.data.preferences.map((preference) => (
                  <Table.Tr key={preference.kind}>
                    <Table.Td>{kindLabel(preference.kind)}</Table.Td>
                    <Table.Td>
                      <Switch
                        checked={preference.inApp}
                        aria-label={t('notifications.inAppFor', { kind: kindLabel(preference.kind) })}
                        onChange={(event) => change(preference, { inApp: event.currentTarget.checked })}
                        disabled={save.isPending}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        checked={preference.email || preference.emailLocked}
                        aria-label={t('notifications.emailFor', { kind: kindLabel(preference.kind) })}
                        onChange={(event) => change(preference, { email: event.currentTarget.checked })}
                        disabled={preference.emailLocked || save.isPending}
                        description={preference.emailLocked ? t('notifications.locked') : undefined}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="sm" c="dimmed">
            {t('notifications.lockedNote')}
          </Text>
        </>
      )}
    </SectionCard>
  );
}
