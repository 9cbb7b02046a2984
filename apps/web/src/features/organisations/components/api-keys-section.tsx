import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyCreateRequest } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { LoadFailure, LoadingStatus } from '@/components/query-states';
import { SectionPanel } from '@/components/section-panel';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';
import { apiKeyCreateRequest, useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';

/**
 * The organisation's API keys, for its owners and admins (decision 0070): create (the key shown once), list, revoke.
 * Loaded after the page's first paint: most visits to the settings never open it.
 */
export function ApiKeysSection({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('organisations');
  const { t: tCommon } = useTranslation();
  const keys = useApiKeys(organisationId);
  const revoke = useRevokeApiKey(organisationId);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const closeRevoke = () => {
    setRevoking(null);
    revoke.reset();
  };
  return (
    <SectionPanel labelledBy="organisation-api-keys" testId="organisation-api-keys">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h3" id="organisation-api-keys">
            {t('apiKeys.title')}
          </Title>
          <Button onClick={() => setCreating(true)}>{t('apiKeys.create')}</Button>
        </Group>
        <Text c="dimmed">{t('apiKeys.body')}</Text>
        {keys.isPending && <LoadingStatus label={t('apiKeys.loading')} />}
        {keys.isError && (
          <LoadFailure
            title={t('apiKeys.failedTitle')}
            message={failureMessage(keys.error, t('apiKeys.failed'))}
            retryLabel={t('retry')}
            onRetry={() => void keys.refetch()}
          />
        )}
        {keys.data && keys.data.apiKeys.length === 0 && <Text c="dimmed">{t('apiKeys.empty')}</Text>}
        {keys.data && keys.data.apiKeys.length > 0 && (
          <KeyList keys={keys.data.apiKeys} onRevoke={setRevoking} />
        )}
      </Stack>
      <CreateKeyDialog organisationId={organisationId} opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={revoking !== null}
        title={revoking ? t('apiKeys.revokeTitle', { name: revoking.name }) : ''}
        body={t('apiKeys.revokeBody')}
        confirmLabel={t('apiKeys.revokeConfirm')}
        cancelLabel={t('cancel')}
        closeLabel={tCommon('close')}
        isDestructive
        isPending={revoke.isPending}
        failure={revoke.error ? failureMessage(revoke.error, t('apiKeys.revokeFailed')) : undefined}
        confirmTestId="api-key-revoke-confirm"
        onClose={closeRevoke}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking._id, {
            onSuccess: () => {
              closeRevoke();
              void showToast({ color: 'green', message: t('apiKeys.revoked'), closeLabel: tCommon('close') });
            },
          })
        }
      />
    </SectionPanel>
  );
}

function KeyList({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  const { t } = useTranslation('organisations');
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table data-testid="api-key-list" verticalSpacing="sm">
        <Table.Caption>{t('apiKeys.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('apiKeys.name')}</Table.Th>
            <Table.Th>{t('apiKeys.scopes')}</Table.Th>
            <Table.Th>{t('apiKeys.created')}</Table.Th>
            <Table.Th>{t('apiKeys.lastUsed')}</Table.Th>
            <Table.Th>{t('apiKeys.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key._id} data-testid="api-key-row">
              <Table.Td>
                <Stack gap={2}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {key.name}
                  </Text>
                  <Code>{`${key.prefix}…`}</Code>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {key.scopes.map((scope) => (
                    <Badge key={scope} variant="light" tt="none">
                      {scope}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(key.createdAt)}</Text>
                <Text size="sm" c="dimmed">
                  {t('apiKeys.by', { name: key.createdByName })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : t('apiKeys.never')}</Text>
              </Table.Td>
              <Table.Td>
                {key.revokedAt ? (
                  <Text size="sm" c="dimmed">
                    {t('apiKeys.revokedOn', { date: formatDateTime(key.revokedAt) })}
                  </Text>
                ) : (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red.9"
                    aria-label={t('apiKeys.revokeLabel', { name: key.name })}
                    onClick={() => onRevoke(key)}
                  >
                    {t('apiKeys.revoke')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Name and permissions, then the key itself, shown this once with a copy button. */
function CreateKeyDialog(props: { organisationId: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('organisations');
  const { t: tCommon } = useTranslation();
  const create = useCreateApiKey(props.organisationId);
  const [shown, setShown] = useState<string | null>(null);
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: apiKeyCreateRequest,
    initialValues: { name: '', scopes: ['applications:read'] as string[] },
  });
  const close = () => {
    setShown(null);
    form.reset();
    create.reset();
    props.onClose();
  };
  const onValid = onSubmit((request) =>
    create.mutate(request as ApiKeyCreateRequest, {
      onSuccess: (answer) => setShown(answer.key),
      onError: (error) => showFailure(error, { fallback: t('apiKeys.createFailed') }),
    }),
  );
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={shown ? t('apiKeys.shownTitle') : t('apiKeys.createTitle')}
      centered
      closeButtonProps={{ 'aria-label': tCommon('close') }}
    >
      {shown ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light" role="alert" title={t('apiKeys.onceTitle')}>
            {t('apiKeys.onceBody')}
          </Alert>
          <Code block data-testid="api-key-secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
            {shown}
          </Code>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={shown}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={close}>{t('apiKeys.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form ref={containerRef} onSubmit={onValid} noValidate>
          <Stack gap="md">
            {failure && <FormAlert tone="error">{failure}</FormAlert>}
            <TextInput
              label={t('apiKeys.name')}
              description={t('apiKeys.nameHint')}
              data-autofocus
              {...form.getInputProps('name')}
            />
            <Checkbox.Group label={t('apiKeys.scopes')} {...form.getInputProps('scopes')}>
              <Stack gap="xs" mt="xs">
                {API_KEY_SCOPES.map((scope) => (
                  <Checkbox
                    key={scope}
                    value={scope}
                    label={scope}
                    description={t(`apiKeys.scope.${scope.replace(':', '_')}`)}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('apiKeys.createSubmit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
