import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ADMIN_ERROR_CODES, type AdminMember, type AdminRole, inviteAdminRequest } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { EmailField } from '@/components/email-field';
import { FormAlert } from '@/components/form-alert';
import { NameField } from '@/components/name-field';
import { useContractForm } from '@/lib/use-contract-form';
import { useInviteAdmin } from '../api/admin-changes';
import { RoleCheckboxes } from './role-checkboxes';

const FIELD_PROBLEMS = {
  name: 'invite.nameShort',
  email: 'invite.emailInvalid',
  roles: 'roles.noneChosen',
} as const;

/** Invite someone by e-mail: their name, the address, at least one role. They choose a password from the link. */
export function InviteDialog(props: {
  opened: boolean;
  onClose: () => void;
  onDone: (admin: AdminMember) => void;
}) {
  const { t } = useTranslation('admin-admins');
  const { t: tCommon } = useTranslation();
  const invite = useInviteAdmin();
  const { form, onSubmit, showFailure, failure, setFailure, containerRef } = useContractForm({
    schema: inviteAdminRequest,
    initialValues: { name: '', email: '', roles: [] as AdminRole[] },
    translate: (issue) => t(FIELD_PROBLEMS[issue.field]),
  });
  const onClose = () => {
    form.reset();
    setFailure(null);
    props.onClose();
  };
  const onValid = onSubmit((request) => {
    if (invite.isPending) return;
    invite.mutate(request, {
      onSuccess: (answer) => {
        form.reset();
        props.onDone(answer.admin);
      },
      onError: (error) =>
        showFailure(error, {
          fallback: t('failedChange'),
          codeFields: { [ADMIN_ERROR_CODES.emailTaken]: 'email' },
        }),
    });
  });

  return (
    <Modal
      opened={props.opened}
      onClose={onClose}
      title={t('invite.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': tCommon('close') }}
    >
      <form ref={containerRef} onSubmit={onValid} noValidate data-testid="admin-invite-form">
        <Stack gap="md">
          <Text size="sm">{t('invite.body')}</Text>
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <NameField label={t('invite.name')} data-autofocus {...form.getInputProps('name')} />
          <EmailField label={t('invite.email')} autoComplete="off" {...form.getInputProps('email')} />
          <RoleCheckboxes
            value={form.values.roles}
            onChange={(roles) => form.setFieldValue('roles', roles)}
            error={form.errors.roles as string | undefined}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending} data-testid="admin-invite-confirm">
              {t('invite.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
