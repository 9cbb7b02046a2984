import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { failureMessage, hasErrorCode } from '@/lib/api-errors';
import { useAdminClient } from '../api/get-admin-client';
import { ClientActions } from './client-actions';
import {
  ApplicationsSection,
  AuditSection,
  ProfileSection,
  SessionsSection,
  WalletSection,
} from './client-sections';

/** /admin/clients/:id — one client: profile and actions, applications, wallet and ledger, devices, audit trail. */
export function AdminClientPage() {
  const { t } = useTranslation('admin-clients');
  const { id = '' } = useParams();
  const query = useAdminClient(id);
  const back = (
    <Anchor component={Link} to={paths.admin.clients()} size="sm">
      <Group gap={4} component="span">
        <ArrowLeft size={16} aria-hidden="true" />
        {t('detail.back')}
      </Group>
    </Anchor>
  );

  if (query.isPending) {
    return (
      <Stack gap="md">
        <title>{`${t('detail.titleFallback')} · Mohar`}</title>
        {back}
        <PageLoader />
      </Stack>
    );
  }
  if (query.isError) {
    const isMissing =
      hasErrorCode(query.error, 'admin.client_not_found') || hasErrorCode(query.error, 'request.not_found');
    return (
      <Stack gap="md">
        <title>{`${t('detail.titleFallback')} · Mohar`}</title>
        {back}
        <Title order={1}>{t('detail.titleFallback')}</Title>
        <Alert color="red" variant="light" role="alert" title={t('detail.failed')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {isMissing ? t('detail.notFound') : failureMessage(query.error, t('detail.failed'))}
            </Text>
            {!isMissing && (
              <Button size="xs" variant="default" onClick={() => void query.refetch()}>
                {t('retry')}
              </Button>
            )}
          </Stack>
        </Alert>
      </Stack>
    );
  }

  const detail = query.data;
  return (
    <Stack gap="md">
      <title>{`${detail.client.name} · ${t('title')} · Mohar`}</title>
      {back}
      <Title order={1} data-testid="admin-client-name">
        {detail.client.name}
      </Title>
      <ProfileSection detail={detail} />
      <ClientActions detail={detail} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ApplicationsSection detail={detail} />
        <WalletSection detail={detail} />
        <SessionsSection detail={detail} />
        <AuditSection detail={detail} />
      </SimpleGrid>
    </Stack>
  );
}
