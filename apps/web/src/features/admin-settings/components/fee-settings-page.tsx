import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '@/lib/api-errors';
import { useFeeSettings } from '../api/get-fee-settings';
import { FeeHistory } from './fee-history';
import { FeeSettingsForm } from './fee-settings-form';

// Plans of organisations (decision 0073): the same finance role, loaded after the fees.
const PlansPanel = lazy(() => import('./plans-panel').then((m) => ({ default: m.PlansPanel })));

/** /admin/settings — the fees clients are quoted: edit them (a new version each save) and see every earlier one. */
export function FeeSettingsPage() {
  const { t } = useTranslation('admin-settings');
  const settings = useFeeSettings();
  return (
    <Stack gap="lg" data-testid="fee-settings-page">
      <title>{`${t('title')} · Mohar`}</title>
      <Stack gap={4} maw={760}>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      {settings.isPending ? (
        <Stack gap="sm" role="status" aria-label={t('loading')} data-testid="fee-settings-loading">
          <Skeleton height={320} radius="md" />
          <Skeleton height={120} radius="md" />
        </Stack>
      ) : settings.isError ? (
        <Alert color="red" variant="light" role="alert" title={t('failed')} data-testid="fee-settings-failed">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{failureMessage(settings.error, t('failed'))}</Text>
            <Button size="xs" variant="default" onClick={() => void settings.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          {/* A new version (this admin's save or another's) starts the form afresh from it. */}
          <FeeSettingsForm key={settings.data.current._id} current={settings.data.current} />
          <FeeHistory versions={settings.data.history} currentId={settings.data.current._id} />
          <Suspense fallback={null}>
            <PlansPanel />
          </Suspense>
        </>
      )}
    </Stack>
  );
}
