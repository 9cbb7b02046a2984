import { Button, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { showToast } from '@/components/toast-host';
import { paths } from '@/config/paths';
import { forgetApplication, useDeleteApplication } from '@/features/applications/api/delete-application';
import { failureMessage } from '@/lib/api-errors';
import type { DraftSaver } from '../lib/draft-saver';

/** "Delete draft", out of the way at the foot of the wizard, after a confirmation. */
export function DeleteDraftAction(props: { applicationId: string; saver: DraftSaver }) {
  const { t } = useTranslation('wizard');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteApplication(props.applicationId);
  const [isConfirming, setIsConfirming] = useState(false);

  const onConfirm = () => {
    // Nothing waiting to be saved should reach a draft that is being deleted.
    props.saver.discard();
    remove.mutate(undefined, {
      onSuccess: async () => {
        setIsConfirming(false);
        void showToast({ color: 'green', message: t('delete.done'), closeLabel: tCommon('close') });
        await navigate(paths.applications.list());
        forgetApplication(queryClient, props.applicationId);
      },
    });
  };

  return (
    <Group justify="flex-end">
      <Button
        variant="subtle"
        color="red"
        // The theme's error colour meets WCAG AA in both colour modes; subtle red text does not.
        c="var(--mantine-color-error)"
        onClick={() => setIsConfirming(true)}
        data-testid="delete-draft"
      >
        {t('delete.action')}
      </Button>
      <ConfirmDialog
        opened={isConfirming}
        title={t('delete.title')}
        body={t('delete.body')}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        closeLabel={tCommon('close')}
        isDestructive
        isPending={remove.isPending}
        failure={remove.isError ? failureMessage(remove.error, t('delete.failed')) : undefined}
        onConfirm={onConfirm}
        onClose={() => {
          setIsConfirming(false);
          remove.reset();
        }}
      />
    </Group>
  );
}
