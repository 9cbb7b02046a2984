import {
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpoint, type WebhookEndpointRequest } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { SectionPanel } from '@/components/section-panel';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';
import {
  useAddWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useWebhookEndpoints,
  webhookEndpointRequest,
} from '../api/webhooks';
import { DeliveryLog, DeliveryStatusBadge } from './webhook-delivery-log';

/**
 * The organisation page's Webhooks section (decision 0071), for owners and admins; loaded on demand with its texts.
 * A secret is shown once, right after it is made (adding an endpoint, rotating).
 */
export function WebhooksSection({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('webhooks');
  const endpoints = useWebhookEndpoints(organisationId);
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null);
  return (
    <SectionPanel labelledBy="organisation-webhooks">
      <Stack gap="sm" data-testid="organisation-webhooks">
        <Title order={2} size="h3" id="organisation-webhooks">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('intro')}</Text>
        {secret && <SecretOnce secret={secret} onDone={() => setSecret(null)} />}
        {endpoints.isError ? (
          <Group gap="sm">
            <FormAlert tone="error">{failureMessage(endpoints.error, t('failed'))}</FormAlert>
            <Button variant="light" onClick={() => void endpoints.refetch()}>
              {t('retry')}
            </Button>
          </Group>
        ) : !endpoints.data ? (
          <Text>{t('loading')}</Text>
        ) : endpoints.data.endpoints.length === 0 ? (
          <Text c="dimmed">{t('empty')}</Text>
        ) : (
          <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {endpoints.data.endpoints.map((endpoint) => (
              <EndpointItem
                key={endpoint._id}
                organisationId={organisationId}
                endpoint={endpoint}
                onSecret={(value) => setSecret({ url: endpoint.url, value })}
              />
            ))}
          </Stack>
        )}
        <AddEndpointForm
          organisationId={organisationId}
          onAdded={(url, value) => setSecret({ url, value })}
        />
      </Stack>
    </SectionPanel>
  );
}

function SecretOnce({ secret, onDone }: { secret: { url: string; value: string }; onDone: () => void }) {
  const { t } = useTranslation('webhooks');
  return (
    <FormAlert tone="success">
      <Stack gap="xs">
        <Text fw={600}>{t('secret.title', { url: secret.url })}</Text>
        <Text size="sm">{t('secret.body')}</Text>
        <Group gap="xs" wrap="wrap">
          <Code fz="sm" data-testid="webhook-secret" style={{ overflowWrap: 'anywhere' }}>
            {secret.value}
          </Code>
          <CopyButton value={secret.value}>
            {({ copied, copy }) => (
              <Button variant="default" size="xs" onClick={copy}>
                {copied ? t('secret.copied') : t('secret.copy')}
              </Button>
            )}
          </CopyButton>
          <Button variant="subtle" size="xs" onClick={onDone}>
            {t('secret.done')}
          </Button>
        </Group>
      </Stack>
    </FormAlert>
  );
}

function EndpointItem(props: {
  organisationId: string;
  endpoint: WebhookEndpoint;
  onSecret: (secret: string) => void;
}) {
  const { organisationId, endpoint } = props;
  const { t } = useTranslation('webhooks');
  const { t: tCommon } = useTranslation();
  const [isLogOpen, setLogOpen] = useState(false);
  const rotate = useRotateWebhookSecret(organisationId);
  const remove = useDeleteWebhookEndpoint(organisationId);
  const failure = rotate.error ?? remove.error;
  const last = endpoint.lastDelivery;
  const logId = `webhook-log-${endpoint._id}`;
  return (
    <li data-testid="webhook-endpoint">
      <Stack gap={6}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {endpoint.url}
        </Text>
        <Group gap={4} wrap="wrap" aria-label={t('events.label')}>
          {endpoint.events.map((type) => (
            <Badge key={type} variant="outline" tt="none">
              {type}
            </Badge>
          ))}
        </Group>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('last.label')}
          </Text>
          {last ? (
            <>
              <DeliveryStatusBadge status={last.status} />
              <Text size="sm">
                {last.statusCode === null ? t('last.noAnswer') : `HTTP ${last.statusCode}`} ·{' '}
                {formatDateTime(last.at)}
              </Text>
            </>
          ) : (
            <Text size="sm">{t('last.none')}</Text>
          )}
        </Group>
        {endpoint.previousSecretUntil && (
          <Text size="sm" c="dimmed">
            {t('rotate.overlap', { date: formatDateTime(endpoint.previousSecretUntil) })}
          </Text>
        )}
        {failure && <FormAlert tone="error">{failureMessage(failure, t('actionFailed'))}</FormAlert>}
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            aria-expanded={isLogOpen}
            aria-controls={logId}
            onClick={() => setLogOpen((open) => !open)}
          >
            {isLogOpen ? t('log.hide') : t('log.show')}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={rotate.isPending}
            onClick={() => {
              if (!window.confirm(t('rotate.confirm'))) return;
              rotate.mutate(endpoint._id, { onSuccess: (answer) => props.onSecret(answer.secret) });
            }}
          >
            {t('rotate.button')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={() => {
              if (!window.confirm(t('delete.confirm', { url: endpoint.url }))) return;
              remove.mutate(endpoint._id, {
                onSuccess: () =>
                  void showToast({ color: 'green', message: t('delete.done'), closeLabel: tCommon('close') }),
              });
            }}
          >
            {t('delete.button')}
          </Button>
        </Group>
        {isLogOpen && (
          <div id={logId}>
            <DeliveryLog organisationId={organisationId} endpointId={endpoint._id} />
          </div>
        )}
      </Stack>
    </li>
  );
}

function AddEndpointForm(props: { organisationId: string; onAdded: (url: string, secret: string) => void }) {
  const { t } = useTranslation('webhooks');
  const add = useAddWebhookEndpoint(props.organisationId);
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: webhookEndpointRequest,
    initialValues: { url: '', events: [] as string[] },
  });
  const onValid = onSubmit((request) =>
    add.mutate(request as WebhookEndpointRequest, {
      onSuccess: (answer) => {
        form.reset();
        props.onAdded(answer.endpoint.url, answer.secret);
      },
      onError: (error) => showFailure(error, { fallback: t('add.failed') }),
    }),
  );
  return (
    <form ref={containerRef} onSubmit={onValid} noValidate>
      <Stack gap="sm" maw={560}>
        <Title order={3} size="h4">
          {t('add.title')}
        </Title>
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        <TextInput
          type="url"
          label={t('add.url')}
          description={t('add.urlHint')}
          placeholder={t('add.urlPlaceholder')}
          {...form.getInputProps('url')}
        />
        <Checkbox.Group label={t('events.label')} {...form.getInputProps('events')}>
          <Stack gap="xs" mt="xs">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={t(`events.${type.replace('.', '_')}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Button type="submit" loading={add.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('add.submit')}
        </Button>
      </Stack>
    </form>
  );
}
