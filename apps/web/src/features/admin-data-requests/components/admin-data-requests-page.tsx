import { Badge, Button, Group, List, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { type AdminDataRequest, DATA_REQUEST_STATUSES, type DataRequestStatus } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeading } from '@/components/page-heading';
import { LoadFailure, LoadingStatus } from '@/components/query-states';
import { StepUpHostOnDemand } from '@/components/step-up-host-on-demand';
import { failureMessage } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format';
import { withStepUp } from '@/lib/step-up';
import { useCarryOut, useDataRequests } from '../api/data-requests';
import { RetentionReport } from './retention-report';

const STATUS_COLOR: Record<DataRequestStatus, string> = {
  pending: 'orange',
  cancelled: 'gray',
  completed: 'green',
  failed: 'red',
};

function RequestCard(props: { request: AdminDataRequest; onCarryOut: (request: AdminDataRequest) => void }) {
  const { t } = useTranslation('admin-data-requests');
  const { request } = props;
  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid="data-request">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {request.name} · {request.email}
          </Text>
          <Group gap="xs">
            <Badge variant="light">{t(`kind.${request.kind}`)}</Badge>
            <Badge color={STATUS_COLOR[request.status]}>{t(`status.${request.status}`)}</Badge>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t('requestedAt', { date: formatDateTime(request.requestedAt) })}
          {request.kind === 'withdrawal' &&
            ` · ${t('effectiveAt', { date: formatDateTime(request.effectiveAt) })}`}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          “{request.text}”
        </Text>
        {request.kept.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('kept')}
            </Text>
            <List size="sm" spacing={4}>
              {request.kept.map((item) => (
                <List.Item key={item.record}>
                  {t(`holds.${item.record}`, { count: item.count })} — {t(`why.${item.record}`)}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        {request.erased.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('erased', {
              list: request.erased.map((item) => `${t(`records.${item.record}`)} (${item.count})`).join(', '),
            })}
          </Text>
        )}
        {request.failure && (
          <Text size="sm" c="red">
            {t('failure', { reason: request.failure })}
          </Text>
        )}
        {request.status === 'pending' && request.kind === 'erasure' && (
          <Button
            size="xs"
            color="red"
            variant="light"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => props.onCarryOut(request)}
          >
            {t('carryOut')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** /admin/data-requests — people's withdrawals and erasures (support, compliance): what each kept and why. */
export function AdminDataRequestsPage() {
  const { t } = useTranslation('admin-data-requests');
  const { t: tCommon } = useTranslation();
  const [status, setStatus] = useState<DataRequestStatus | null>(null);
  const query = useDataRequests(status);
  const carryOut = useCarryOut();
  const [confirming, setConfirming] = useState<AdminDataRequest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const onConfirm = () => {
    if (!confirming) return;
    setFailure(null);
    void withStepUp(() => carryOut.mutateAsync(confirming._id)).then(
      () => setConfirming(null),
      (error: unknown) => setFailure(failureMessage(error, t('failed'))),
    );
  };
  return (
    <Stack gap="lg">
      <PageHeading title={t('title')} intro={t('intro')} />
      <StepUpHostOnDemand />
      <NativeSelect
        label={t('filter')}
        maw={260}
        value={status ?? ''}
        onChange={(event) => setStatus((event.currentTarget.value || null) as DataRequestStatus | null)}
        data={[
          { value: '', label: t('all') },
          ...DATA_REQUEST_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
        ]}
      />
      {query.isPending ? (
        <LoadingStatus label={t('loading')} />
      ) : query.isError ? (
        <LoadFailure
          title={t('failed')}
          message={failureMessage(query.error, t('failed'))}
          retryLabel={t('retry')}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.requests.length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {query.data.requests.map((request) => (
            <RequestCard key={request._id} request={request} onCarryOut={setConfirming} />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title={t('confirm.title')}
        body={t('confirm.body', { name: confirming?.name ?? '' })}
        confirmLabel={t('carryOut')}
        cancelLabel={t('confirm.cancel')}
        closeLabel={tCommon('close')}
        isDestructive
        isPending={carryOut.isPending}
        failure={failure}
        onConfirm={onConfirm}
        onClose={() => setConfirming(null)}
      />
      <RetentionReport />
    </Stack>
  );
}
