import { Stack, Text, Title } from '@mantine/core';
import type { PortalAccess } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import classes from './portal.module.css';

/** Whose page this is, for which document, with which notary, and this signatory's place among the others. */
export function PortalHeader({ access }: { access: PortalAccess }) {
  const { t } = useTranslation('portal');
  const { application, signatory, signatories } = access;
  return (
    <Stack gap={6} data-testid="portal-header">
      <Text fw={600} className={classes.wrap}>
        {t('header.greeting', { name: signatory.fullName })}
      </Text>
      <Title order={1} size="h2" className={classes.wrap} data-testid="portal-title">
        {application.title}
      </Title>
      <Text className={classes.wrap} data-testid="portal-notary">
        {application.notaryName
          ? t('header.notary', { name: application.notaryName })
          : t('header.firstAvailable')}
      </Text>
      <Text fw={600} className={classes.numeric} data-testid="portal-position">
        {t('header.position', { position: signatory.position, count: signatories.length })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('header.linkExpires', { date: formatDateTime(access.linkExpiresAt) })}
      </Text>
    </Stack>
  );
}
