import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AdminClientDetail } from '@mohar/contracts';
import { mayUseAdminArea } from '@mohar/contracts/admin-access';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ReasonDialog } from '@/components/reason-dialog';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { useCurrentUser } from '@/lib/current-user';
import {
  ACTIONS_WITH_REASON,
  type ClientAction,
  resetClientMfaRequest,
  suspendClientRequest,
  useClientAction,
} from '../api/client-actions';
import { WalletAdjustmentDialog } from './wallet-adjustment-dialog';

/**
 * The actions the account's state allows: suspend or reactivate, end sessions, resend the verification link, and
 * reset two-step verification while it is on.
 */
export function actionsFor(detail: Pick<AdminClientDetail, 'client' | 'sessions'>): ClientAction[] {
  const { client } = detail;
  const mfa: ClientAction[] = client.mfaEnabled ? ['resetMfa'] : [];
  if (client.suspendedAt) return ['reactivate', ...mfa];
  const actions: ClientAction[] = ['suspend'];
  if (detail.sessions.length > 0) actions.push('endSessions');
  if (!client.emailVerified) actions.push('resendVerification');
  return [...actions, ...mfa];
}

const REASON_SCHEMAS = { suspend: suspendClientRequest, resetMfa: resetClientMfaRequest } as const;
const hasReason = (action: ClientAction | 'wallet' | null): action is 'suspend' | 'resetMfa' =>
  action !== null && action !== 'wallet' && ACTIONS_WITH_REASON.includes(action);

/** Each action asks first (suspending asks why); the server audits it and the page shows the new state. */
export function ClientActions({ detail }: { detail: AdminClientDetail }) {
  const { t } = useTranslation('admin-clients');
  const { t: tCommon } = useTranslation();
  const mutation = useClientAction(detail.client._id);
  // Wallet adjustments are finance's (and the owner's), whoever else may open the client's page.
  const { adminRoles } = useCurrentUser();
  const mayAdjustWallet = mayUseAdminArea(adminRoles, 'wallet');
  // Finance opens the page for the wallet; the account's own actions stay support's (decision 0079).
  const mayActOnAccount = mayUseAdminArea(adminRoles, 'clientActions');
  const [open, setOpen] = useState<ClientAction | 'wallet' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const name = detail.client.name;
  const actions = mayActOnAccount ? actionsFor(detail) : [];

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
          {mayAdjustWallet && (
            <Button variant="default" onClick={() => setOpen('wallet')} data-testid="client-action-wallet">
              {t('actions.wallet.button')}
            </Button>
          )}
        </Group>
        {detail.client.suspendedAt && <Text size="sm">{t('actions.suspendedNote')}</Text>}
      </Stack>
      <ConfirmDialog
        opened={open !== null && open !== 'wallet' && !hasReason(open)}
        title={open && open !== 'wallet' && !hasReason(open) ? t(`actions.${open}.title`, { name }) : ''}
        body={open && open !== 'wallet' && !hasReason(open) ? t(`actions.${open}.body`, { name }) : ''}
        confirmLabel={open && open !== 'wallet' && !hasReason(open) ? t(`actions.${open}.confirm`) : ''}
        cancelLabel={t('actions.cancel')}
        closeLabel={tCommon('close')}
        isPending={mutation.isPending}
        failure={failure}
        confirmTestId="client-action-confirm"
        onClose={close}
        onConfirm={() => open && open !== 'wallet' && run(open)}
      />
      {hasReason(open) && (
        <ReasonDialog
          key={open}
          opened
          title={t(`actions.${open}.title`, { name })}
          intro={<Text size="sm">{t(`actions.${open}.body`, { name })}</Text>}
          label={t(`actions.${open}.reasonLabel`)}
          hint={t(`actions.${open}.reasonHint`)}
          schema={REASON_SCHEMAS[open]}
          fallback={t(`actions.${open}.reasonShort`)}
          cancelLabel={t('actions.cancel')}
          confirmLabel={t(`actions.${open}.confirm`)}
          closeLabel={tCommon('close')}
          isDestructive
          isPending={mutation.isPending}
          failure={failure}
          testIds={{ field: `client-${open}-reason`, confirm: `client-${open}-confirm` }}
          onClose={close}
          onConfirm={(reason) => run(open, reason)}
        />
      )}
      {open === 'wallet' && (
        <WalletAdjustmentDialog
          clientId={detail.client._id}
          name={name}
          balancePaise={detail.wallet.balancePaise}
          onClose={close}
        />
      )}
    </Paper>
  );
}
