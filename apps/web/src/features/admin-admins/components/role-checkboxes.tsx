import { Checkbox, Stack } from '@mantine/core';
import { ADMIN_ROLES, type AdminRole } from '@mohar/contracts/admin-access';
import { useTranslation } from 'react-i18next';

/** The five roles, each with what it opens; the order of ADMIN_ROLES is kept whatever order they were ticked in. */
export function RoleCheckboxes(props: {
  value: AdminRole[];
  onChange: (roles: AdminRole[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('admin-admins');
  return (
    <Checkbox.Group
      label={t('roles.label')}
      description={t('roles.hint')}
      value={props.value}
      onChange={(picked) => props.onChange(ADMIN_ROLES.filter((role) => picked.includes(role)))}
      error={props.error}
      withAsterisk
    >
      <Stack gap="xs" mt="xs">
        {ADMIN_ROLES.map((role) => (
          <Checkbox
            key={role}
            value={role}
            label={t(`role.${role}.label`)}
            description={t(`role.${role}.description`)}
            data-testid={`admin-role-${role}`}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
