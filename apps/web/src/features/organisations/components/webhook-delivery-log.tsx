import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { WebhookDelivery, WebhookDeliveryStatus } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format';
import { useRedeliver, useWebhookDeliveries } from '../api/webhooks';

const STATUS_COLOUR: Record<WebhookDeliveryStatus, string> = {
  pending: 'yellow',
  succeeded: 'green',
  failed: 'red',
};

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation('webhooks');
  return (
    <Badge variant="light" color={STATUS_COLOUR[status]}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** An endpoint's latest deliveries, each with its attempts (status code, time taken, error), and redelivery. */
export function DeliveryLog({ organisationId, endpointId }: { organisationId: string; endpointId: string }) {
  const { t } = useTranslation('webhooks');
  const { t: tCommon } = useTranslation();
  const deliveries = useWebhookDeliveries(organisationId, endpointId);
  const redeliver = useRedeliver(organisationId, endpointId);
  if (deliveries.isError)
    return (
      <Group gap="sm">
        <FormAlert tone="error">{failureMessage(deliveries.error, t('log.failed'))}</FormAlert>
        <Button variant="light" size="xs" onClick={() => void deliveries.refetch()}>
          {t('retry')}
        </Button>
      </Group>
    );
  if (!deliveries.data) return <Text size="sm">{t('loading')}</Text>;
  if (deliveries.data.deliveries.length === 0) return <Text c="dimmed">{t('log.empty')}</Text>;
  return (
    <Stack gap="xs">
      {redeliver.isError && (
        <FormAlert tone="error">{failureMessage(redeliver.error, t('actionFailed'))}</FormAlert>
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table data-testid="webhook-deliveries">
          <Table.Caption>{t('log.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('log.event')}</Table.Th>
              <Table.Th>{t('log.status')}</Table.Th>
              <Table.Th>{t('log.attempts')}</Table.Th>
              <Table.Th>{t('log.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.data.deliveries.map((delivery) => (
              <Table.Tr key={delivery._id}>
                <Table.Td>
                  <Text size="sm">{delivery.eventType}</Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {delivery.eventId} · {formatDateTime(delivery.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <DeliveryStatusBadge status={delivery.status} />
                </Table.Td>
                <Table.Td>
                  <Attempts delivery={delivery} />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    loading={redeliver.isPending && redeliver.variables === delivery._id}
                    onClick={() =>
                      redeliver.mutate(delivery._id, {
                        onSuccess: () =>
                          void showToast({
                            color: 'green',
                            message: t('log.redelivered'),
                            closeLabel: tCommon('close'),
                          }),
                      })
                    }
                  >
                    {t('log.redeliver')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** Every attempt in a disclosure (keyboard: the summary is a button); the count shows when closed. */
function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation('webhooks');
  if (delivery.attempts.length === 0) return <Text size="sm">{t('log.notYet')}</Text>;
  return (
    <details>
      <summary>{t('log.attemptCount', { count: delivery.attempts.length })}</summary>
      <Stack gap={4} component="ol" mt={4} pl="md">
        {delivery.attempts.map((attempt) => (
          <li key={attempt.attempt}>
            <Text size="xs">
              {formatDateTime(attempt.at)} ·{' '}
              {attempt.statusCode === null ? t('last.noAnswer') : `HTTP ${attempt.statusCode}`} ·{' '}
              {t('log.duration', { ms: attempt.durationMs })}
              {attempt.error ? ` · ${attempt.error}` : ''}
            </Text>
            {attempt.responseExcerpt && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {attempt.responseExcerpt}
              </Text>
            )}
          </li>
        ))}
      </Stack>
    </details>
  );
}
