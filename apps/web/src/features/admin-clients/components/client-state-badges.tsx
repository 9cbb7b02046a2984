import { Badge, Group } from '@mantine/core';
import type { AdminClient } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';

/** Suspended, e-mail verified or not, two-step verification: in words, never colour alone. */
export function ClientStateBadges({ client }: { client: AdminClient }) {
  const { t } = useTranslation('admin-clients');
  return (
    <Group gap={6} wrap="wrap">
      {client.suspendedAt ? (
        <Badge color="red" variant="light" data-testid="client-suspended-badge">
          {t('state.suspended')}
        </Badge>
      ) : (
        <Badge color="green" variant="light">
          {t('state.active')}
        </Badge>
      )}
      <Badge color={client.emailVerified ? 'blue' : 'gray'} variant="light">
        {t(client.emailVerified ? 'state.verified' : 'state.unverified')}
      </Badge>
      {client.mfaEnabled && (
        <Badge color="gray" variant="outline">
          {t('state.mfa')}
        </Badge>
      )}
    </Group>
  );
}
