import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format';
import { dataExportArchiveUrl, useDataExport, useRequestDataExport } from '../api/privacy';
import { SectionCard } from './section-card';

/**
 * "Download my data" (DPDP Act s.11): ask for an archive, see it being prepared, download it until it expires
 * (7 days), or ask again. Clients only, like withdrawal and erasure.
 */
export function DataExportSection() {
  const { t } = useTranslation('profile');
  const current = useDataExport();
  const request = useRequestDataExport();
  const [failure, setFailure] = useState<string | null>(null);
  const latest = current.data?.export ?? null;
  const isPreparing = latest?.status === 'preparing';

  const onRequest = () => {
    setFailure(null);
    request.mutate(undefined, {
      onError: (error) => setFailure(failureMessage(error, t('dataExport.failed'))),
    });
  };

  return (
    <SectionCard id="profile-data-export-heading" title={t('dataExport.title')} intro={t('dataExport.intro')}>
      <Stack gap="sm" data-testid="data-export">
        {current.isPending && <Text size="sm">{t('dataExport.loading')}</Text>}
        {current.isError && (
          <Alert color="red" role="alert">
            {t('dataExport.loadFailed')}
          </Alert>
        )}
        {isPreparing && (
          <Alert color="blue" title={t('dataExport.preparing')}>
            {t('dataExport.preparingText')}
          </Alert>
        )}
        {latest?.status === 'ready' && latest.expiresAt && (
          <Alert color="green" title={t('dataExport.ready')}>
            <Stack gap="xs">
              <Text size="sm">{t('dataExport.readyUntil', { date: formatDateTime(latest.expiresAt) })}</Text>
              <Anchor href={dataExportArchiveUrl(latest._id)} download underline="always">
                {t('dataExport.download')}
              </Anchor>
            </Stack>
          </Alert>
        )}
        {latest?.status === 'expired' && (
          <Text size="sm" c="dimmed">
            {t('dataExport.expired', { date: formatDateTime(latest.expiresAt ?? latest.requestedAt) })}
          </Text>
        )}
        {latest?.status === 'failed' && (
          <Alert color="red" role="alert">
            {t('dataExport.failedToPrepare')}
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group>
          <Button variant="default" onClick={onRequest} loading={request.isPending} disabled={isPreparing}>
            {latest ? t('dataExport.requestAgain') : t('dataExport.request')}
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}
