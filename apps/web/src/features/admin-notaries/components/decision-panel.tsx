import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { NotaryProfile } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { useApproveNotary } from '../api/approve-notary';
import { useReinstateNotary } from '../api/reinstate-notary';
import { useRejectNotary } from '../api/reject-notary';
import { useSuspendNotary } from '../api/suspend-notary';
import { actionsFor, type DecisionAction } from '../lib/admin-notaries';
import { ReasonDialog } from './reason-dialog';

const DONE_KEYS: Record<DecisionAction, string> = {
  approve: 'actions.approved',
  reject: 'actions.rejected',
  suspend: 'actions.suspended',
  reinstate: 'actions.reinstated',
};

/** Approve (confirm), reject (reason), suspend (reason) or reinstate (confirm), as the status allows. */
export function DecisionPanel({ notary, name }: { notary: NotaryProfile; name: string }) {
  const { t } = useTranslation('admin-notaries');
  const { t: tCommon } = useTranslation();
  const approve = useApproveNotary(notary._id);
  const reinstate = useReinstateNotary(notary._id);
  const reject = useRejectNotary(notary._id);
  const suspend = useSuspendNotary(notary._id);
  const [open, setOpen] = useState<DecisionAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const actions = actionsFor(notary.status);

  const callbacks = (action: DecisionAction) => ({
    onSuccess: () => {
      setOpen(null);
      setFailure(null);
      void showToast({
        color: 'green',
        message: t(DONE_KEYS[action], { name }),
        closeLabel: tCommon('close'),
      });
    },
    onError: (error: unknown) => setFailure(failureMessage(error, t('actions.failed'))),
  });

  const openDialog = (action: DecisionAction) => {
    setFailure(null);
    setOpen(action);
  };
  const close = () => {
    setOpen(null);
    setFailure(null);
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="decision-heading"
      data-testid="decision-panel"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="decision-heading">
          {t('detail.decision')}
        </Title>
        {actions.length === 0 ? (
          <Text size="sm">
            {t(`detail.noActions.${notary.status === 'rejected' ? 'rejected' : 'draft'}`)}
          </Text>
        ) : (
          <Group gap="sm">
            {actions.map((action) => (
              <Button
                key={action}
                variant={action === 'approve' || action === 'reinstate' ? 'filled' : 'default'}
                onClick={() => openDialog(action)}
                data-testid={`decision-${action}`}
              >
                {t(`actions.${action}`)}
              </Button>
            ))}
          </Group>
        )}
        {failure && open === null && <FormAlert tone="error">{failure}</FormAlert>}
      </Stack>
      <ConfirmDialog
        opened={open === 'approve' || open === 'reinstate'}
        title={t(open === 'reinstate' ? 'actions.reinstateTitle' : 'actions.approveTitle', { name })}
        body={t(open === 'reinstate' ? 'actions.reinstateBody' : 'actions.approveBody')}
        failure={failure}
        confirmLabel={t(open === 'reinstate' ? 'actions.reinstate' : 'actions.approve')}
        cancelLabel={t('actions.cancel')}
        closeLabel={tCommon('close')}
        isPending={approve.isPending || reinstate.isPending}
        onClose={close}
        onConfirm={() =>
          open === 'reinstate'
            ? reinstate.mutate(undefined, callbacks('reinstate'))
            : approve.mutate(undefined, callbacks('approve'))
        }
      />
      <ReasonDialog
        key={open === 'reject' || open === 'suspend' ? open : 'closed'}
        opened={open === 'reject' || open === 'suspend'}
        title={t(open === 'suspend' ? 'actions.suspendTitle' : 'actions.rejectTitle', { name })}
        confirmLabel={t(open === 'suspend' ? 'actions.suspend' : 'actions.reject')}
        isPending={reject.isPending || suspend.isPending}
        failure={failure}
        onClose={close}
        onConfirm={(reason) =>
          open === 'suspend'
            ? suspend.mutate(reason, callbacks('suspend'))
            : reject.mutate(reason, callbacks('reject'))
        }
      />
    </Paper>
  );
}
