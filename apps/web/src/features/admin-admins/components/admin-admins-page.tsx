import { Button, Group, Stack } from '@mantine/core';
import type { AdminMember } from '@mohar/contracts';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeading } from '@/components/page-heading';
import { LoadFailure, LoadingStatus } from '@/components/query-states';
import { StepUpHostOnDemand } from '@/components/step-up-host-on-demand';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { useCurrentUser } from '@/lib/current-user';
import { useRemoveAdmin } from '../api/admin-changes';
import { useAdmins } from '../api/get-admins';
import { AdminList } from './admin-list';
import { InviteDialog } from './invite-dialog';
import { RolesDialog } from './roles-dialog';

type Open =
  | { kind: 'invite' }
  | { kind: 'roles'; admin: AdminMember }
  | { kind: 'remove'; admin: AdminMember };

/** /admin/admins — the owner's screen: every admin and their roles; invite, change roles, remove access. */
export function AdminAdminsPage() {
  const { t } = useTranslation('admin-admins');
  const { t: tCommon } = useTranslation();
  const me = useCurrentUser();
  const query = useAdmins();
  const remove = useRemoveAdmin();
  const [open, setOpen] = useState<Open | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setOpen(null);
    setFailure(null);
  };
  const done = (message: string) => {
    close();
    void showToast({ color: 'green', message, closeLabel: tCommon('close') });
  };
  const removing = open?.kind === 'remove' ? open.admin : null;

  return (
    <Stack gap="lg">
      <PageHeading title={t('title')} intro={t('intro')} />
      <Group>
        <Button
          leftSection={<UserPlus size={18} aria-hidden="true" />}
          onClick={() => setOpen({ kind: 'invite' })}
          data-testid="admin-invite-open"
        >
          {t('invite.button')}
        </Button>
      </Group>
      {query.isPending ? (
        <LoadingStatus label={t('loading')} />
      ) : query.isError ? (
        <LoadFailure
          title={t('failed')}
          message={failureMessage(query.error, t('failed'))}
          retryLabel={t('retry')}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.admins.length === 0 ? (
        <LoadFailure title={t('empty')} message={t('emptyBody')} retryLabel={t('retry')} />
      ) : (
        <AdminList
          admins={query.data.admins}
          myId={me._id}
          onChangeRoles={(admin) => setOpen({ kind: 'roles', admin })}
          onRemove={(admin) => setOpen({ kind: 'remove', admin })}
        />
      )}
      <InviteDialog
        opened={open?.kind === 'invite'}
        onClose={close}
        onDone={(admin) => done(t('invite.done', { email: admin.email }))}
      />
      {open?.kind === 'roles' && (
        <RolesDialog
          admin={open.admin}
          onClose={close}
          onDone={(admin) => done(t('roles.done', { name: admin.name }))}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={removing ? t('remove.title', { name: removing.name }) : ''}
        body={removing ? t('remove.body', { name: removing.name }) : ''}
        confirmLabel={t('remove.confirm')}
        cancelLabel={t('cancel')}
        closeLabel={tCommon('close')}
        isDestructive
        isPending={remove.isPending}
        failure={failure}
        confirmTestId="admin-remove-confirm"
        onClose={close}
        onConfirm={() =>
          removing &&
          remove.mutate(removing._id, {
            onSuccess: () => done(t('remove.done', { name: removing.name })),
            onError: (error) => setFailure(failureMessage(error, t('failedChange'))),
          })
        }
      />
      <StepUpHostOnDemand />
    </Stack>
  );
}
