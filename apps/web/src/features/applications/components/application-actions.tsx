import { Button, Group, Text } from '@mantine/core';
import type { Application, ApplicationAction } from '@mohar/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { AlertOctagon, ClipboardCheck, CreditCard, Pencil, Trash2, Undo2, XCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialogOnDemand as ConfirmDialog } from '@/components/confirm-dialog-on-demand';
import { showToast } from '@/components/toast-host';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-errors';
import { dialogOnDemand } from '@/lib/dialog-on-demand';
import { formatInr } from '@/lib/format';
import { useCancelApplication } from '../api/cancel-application';
import { forgetApplication, useDeleteApplication } from '../api/delete-application';
import { useMarkApplicationFailed } from '../api/mark-application-failed';
import { useReopenApplication } from '../api/reopen-application';
import { actionsInOrder } from '../lib/application-view';
import { APPLICATION_TITLE_ID } from './view-header';
import { ViewSection } from './view-section';

type Dialog = 'delete' | 'reopen' | 'cancel' | 'mark_failed';

// Fetched on first open, with Mantine's Modal and the reason forms' zod checks (decision 0025).
const CancelDialog = dialogOnDemand(() => import('./cancel-dialog').then((m) => m.CancelDialog));
const MarkFailedDialog = dialogOnDemand(() => import('./mark-failed-dialog').then((m) => m.MarkFailedDialog));

const icon = (Icon: typeof Pencil) => <Icon size={16} aria-hidden="true" />;

/**
 * Exactly the actions the server allows for this application and viewer (`allowedActions`), in a fixed order.
 * Adding one later (resend an invitation) means: the server lists it, `ACTION_ORDER` places it, and a
 * case below renders its button; anything unknown is not shown.
 */
export function ApplicationActions({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { _id: id } = application;
  const cancel = useCancelApplication(id);
  const reopen = useReopenApplication(id);
  const remove = useDeleteApplication(id);
  const markFailed = useMarkApplicationFailed(id);
  const [open, setOpen] = useState<Dialog | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const actions = actionsInOrder(application.allowedActions);
  if (actions.length === 0) return null;

  const toast = (message: string) =>
    void showToast({ color: 'green', message, closeLabel: tCommon('close') });
  const openDialog = (dialog: Dialog) => {
    setFailure(null);
    setOpen(dialog);
  };
  const close = () => {
    setOpen(null);
    setFailure(null);
  };
  const onError = (error: unknown) => setFailure(failureMessage(error, t('actions.failed')));

  const onDelete = () =>
    remove.mutate(undefined, {
      onSuccess: async () => {
        toast(t('actions.deleted'));
        await navigate(paths.applications.list());
        forgetApplication(queryClient, id);
      },
      onError,
    });
  const onReopen = () =>
    reopen.mutate(undefined, {
      onSuccess: () => {
        close();
        toast(t('actions.reopened'));
        void navigate(paths.applications.edit(id));
      },
      onError,
    });
  const onCancel = (reason: string) =>
    cancel.mutate(reason, {
      onSuccess: () => {
        close();
        toast(t('actions.cancelled'));
        // A cancelled application has no actions left, so the button focus would return to is gone.
        requestAnimationFrame(() => document.getElementById(APPLICATION_TITLE_ID)?.focus());
      },
      onError,
    });

  const onMarkFailed = (reason: string) =>
    markFailed.mutate(reason, {
      onSuccess: () => {
        close();
        toast(t('actions.markedFailed'));
        requestAnimationFrame(() => document.getElementById(APPLICATION_TITLE_ID)?.focus());
      },
      onError,
    });

  // One filled button: paying or submitting is the way forward; editing is then secondary.
  const hasPrimary = actions.includes('submit') || actions.includes('pay');
  const buttons: Record<ApplicationAction, ReactNode> = {
    // Paying happens on its own page (the fee, the wallet, then the gateway).
    pay: (
      <Button
        key="pay"
        component={Link}
        to={paths.applications.pay(id)}
        leftSection={icon(CreditCard)}
        data-testid="pay-action"
      >
        {t('actions.pay', { amount: formatInr(application.fee.totalPaise) })}
      </Button>
    ),
    edit: (
      <Button
        key="edit"
        component={Link}
        to={paths.applications.edit(id)}
        variant={hasPrimary ? 'default' : 'filled'}
        leftSection={icon(Pencil)}
        data-testid="action-edit"
      >
        {t('actions.edit')}
      </Button>
    ),
    // Submitting needs the wizard's review (and, for some documents, an acknowledgement), so it happens there.
    submit: (
      <Button
        key="submit"
        component={Link}
        to={paths.applications.edit(id, 'review')}
        leftSection={icon(ClipboardCheck)}
        data-testid="action-submit"
      >
        {t('actions.submit')}
      </Button>
    ),
    reopen: (
      <Button
        key="reopen"
        variant="default"
        leftSection={icon(Undo2)}
        onClick={() => openDialog('reopen')}
        data-testid="action-reopen"
      >
        {t('actions.reopen')}
      </Button>
    ),
    cancel: (
      <Button
        key="cancel"
        variant="default"
        leftSection={icon(XCircle)}
        onClick={() => openDialog('cancel')}
        data-testid="action-cancel"
      >
        {t('actions.cancel')}
      </Button>
    ),
    mark_failed: (
      <Button
        key="mark_failed"
        variant="default"
        color="red.9"
        leftSection={icon(AlertOctagon)}
        onClick={() => openDialog('mark_failed')}
        data-testid="mark-failed"
      >
        {t('actions.markFailed')}
      </Button>
    ),
    delete: (
      <Button
        key="delete"
        variant="default"
        leftSection={icon(Trash2)}
        onClick={() => openDialog('delete')}
        data-testid="action-delete"
      >
        {t('actions.delete')}
      </Button>
    ),
  };

  return (
    <ViewSection id="actions" title={t('actions.title')} testId="application-actions">
      {application.status === 'awaiting_payment' && actions.includes('reopen') && (
        <Text size="sm">{t('actions.reopenHint')}</Text>
      )}
      <Group gap="sm">{actions.map((action) => buttons[action])}</Group>
      <ConfirmDialog
        opened={open === 'delete'}
        title={t('actions.deleteTitle')}
        body={t('actions.deleteBody')}
        confirmLabel={t('actions.deleteConfirm')}
        cancelLabel={t('actions.keep')}
        closeLabel={tCommon('close')}
        isDestructive
        isPending={remove.isPending}
        failure={open === 'delete' ? failure : null}
        onConfirm={onDelete}
        onClose={close}
      />
      <ConfirmDialog
        opened={open === 'reopen'}
        title={t('actions.reopenTitle')}
        body={t('actions.reopenBody')}
        confirmLabel={t('actions.reopenConfirm')}
        cancelLabel={t('actions.keepSubmitted')}
        closeLabel={tCommon('close')}
        isPending={reopen.isPending}
        failure={open === 'reopen' ? failure : null}
        onConfirm={onReopen}
        onClose={close}
      />
      <CancelDialog
        key={open === 'cancel' ? 'open' : 'closed'}
        opened={open === 'cancel'}
        isPending={cancel.isPending}
        failure={open === 'cancel' ? failure : null}
        onConfirm={onCancel}
        onClose={close}
      />
      <MarkFailedDialog
        key={open === 'mark_failed' ? 'open-failed' : 'closed-failed'}
        opened={open === 'mark_failed'}
        isPending={markFailed.isPending}
        failure={open === 'mark_failed' ? failure : null}
        onConfirm={onMarkFailed}
        onClose={close}
      />
    </ViewSection>
  );
}
