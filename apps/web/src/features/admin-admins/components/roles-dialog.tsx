import { Button, Group, Modal, Stack } from '@mantine/core';
import type { AdminMember, AdminRole } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { failureMessage } from '@/lib/api-errors';
import { useChangeAdminRoles } from '../api/admin-changes';
import { RoleCheckboxes } from './role-checkboxes';

/** Change one admin's roles: at least one; the server keeps Mohar from losing its last owner. */
export function RolesDialog(props: {
  admin: AdminMember;
  onClose: () => void;
  onDone: (admin: AdminMember) => void;
}) {
  const { t } = useTranslation('admin-admins');
  const { t: tCommon } = useTranslation();
  const change = useChangeAdminRoles();
  const [roles, setRoles] = useState<AdminRole[]>(props.admin.roles);
  const [problem, setProblem] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const isUnchanged = roles.join() === props.admin.roles.join();

  const onSave = () => {
    if (roles.length === 0) {
      setProblem(t('roles.noneChosen'));
      return;
    }
    if (isUnchanged) {
      props.onClose();
      return;
    }
    change.mutate(
      { id: props.admin._id, roles },
      {
        onSuccess: (answer) => props.onDone(answer.admin),
        onError: (error) => setFailure(failureMessage(error, t('failedChange'))),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('roles.title', { name: props.admin.name })}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': tCommon('close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        <Stack gap="md">
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <RoleCheckboxes
            value={roles}
            onChange={(next) => {
              setProblem(undefined);
              setRoles(next);
            }}
            error={problem}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={change.isPending} data-testid="admin-roles-confirm">
              {t('roles.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
