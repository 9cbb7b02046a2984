import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AdminClientDetail } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ReasonDialog } from '@/components/reason-dialog';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { type ClientAction, suspendClientRequest, useClientAction } from '../api/client-actions';

/** The actions the account's state allows: suspend or reactivate, end sessions, resend the verification link. */
export function actionsFor(detail: Pick<AdminClientDetail, 'client' | 'sessions'>): ClientAction[] {
  const { client } = detail;
  if (client.suspendedAt) return ['reactivate'];
  const actions: ClientAction[] = ['suspend'];
  if (detail.sessions.length > 0) actions.push('endSessions');
  if (!client.emailVerified) actions.push('resendVerification');
  return actions;
}

/** Each action asks first (suspending asks why); the server audits it and the page shows the new state. */
export function ClientActions({ detail }: { detail: AdminClientDetail }) {
  const { t } = useTranslation('admin-clients');
  const { t: tCommon } = useTranslation();
  const mutation = useClientAction(detail.client._id);
  const [open, setOpen] = useState<ClientAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const name = detail.client.name;
  const actions = actionsFor(detail);

  const run = (action: ClientAction, reason?: string) =>
    mutation.mutate(
      { action, reason },
      {
        onSuccess: () => {
          setOpen(null);
          setFailure(null);
          void showToast({
            color: 'green',
            message: t(`actions.${action}.done`, { name }),
            closeLabel: tCommon('close'),
          });
        },
        onError: (error) => setFailure(failureMessage(error, t('actions.failed'))),
      },
    );
  const close = () => {
    setOpen(null);
    setFailure(null);
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="client-actions-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="client-actions-heading">
          {t('actions.title')}
        </Title>
        <Group gap="sm">
          {actions.map((action) => (
            <Button
              key={action}
              variant={action === 'suspend' ? 'outline' : 'default'}
              color={action === 'suspend' ? 'red' : undefined}
              onClick={() => {
                setFailure(null);
                setOpen(action);
              }}
              data-testid={`client-action-${action}`}
            >
              {t(`actions.${action}.button`)}
            </Button>
          ))}
        </Group>
        {detail.client.suspendedAt && <Text size="sm">{t('actions.suspendedNote')}</Text>}
      </Stack>
      <ConfirmDialog
        opened={open !== null && open !== 'suspend'}
        title={open && open !== 'suspend' ? t(`actions.${open}.title`, { name }) : ''}
        body={open && open !== 'suspend' ? t(`actions.${open}.body`, { name }) : ''}
        confirmLabel={open && open !== 'suspend' ? t(`actions.${open}.confirm`) : ''}
        cancelLabel={t('actions.cancel')}
        closeLabel={tCommon('close')}
        isPending={mutation.isPending}
        failure={failure}
        confirmTestId="client-action-confirm"
        onClose={close}
        onConfirm={() => open && run(open)}
      />
      <ReasonDialog
        key={open === 'suspend' ? 'suspend' : 'closed'}
        opened={open === 'suspend'}
        title={t('actions.suspend.title', { name })}
        intro={<Text size="sm">{t('actions.suspend.body')}</Text>}
        label={t('actions.suspend.reasonLabel')}
        hint={t('actions.suspend.reasonHint')}
        schema={suspendClientRequest}
        fallback={t('actions.suspend.reasonShort')}
        cancelLabel={t('actions.cancel')}
        confirmLabel={t('actions.suspend.confirm')}
        closeLabel={tCommon('close')}
        isDestructive
        isPending={mutation.isPending}
        failure={failure}
        testIds={{ field: 'client-suspend-reason', confirm: 'client-suspend-confirm' }}
        onClose={close}
        onConfirm={(reason) => run('suspend', reason)}
      />
    </Paper>
  );
}
