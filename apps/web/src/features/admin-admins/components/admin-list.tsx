import { Badge, Box, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AdminMember } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import classes from '@/components/list-styles.module.css';
import { formatCardDate } from '@/lib/format';

/** Invited (no password yet), active or removed, and two-step verification: in words, never colour alone. */
function StateBadges({ admin }: { admin: AdminMember }) {
  const { t } = useTranslation('admin-admins');
  const state = admin.removedAt ? 'removed' : admin.emailVerified ? 'active' : 'invited';
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={state === 'removed' ? 'red' : state === 'active' ? 'green' : 'yellow'} variant="light">
        {t(`state.${state}`)}
      </Badge>
      {admin.mfaEnabled && (
        <Badge color="gray" variant="outline">
          {t('state.mfa')}
        </Badge>
      )}
    </Group>
  );
}

function RoleBadges({ admin }: { admin: AdminMember }) {
  const { t } = useTranslation('admin-admins');
  if (admin.roles.length === 0) return <Text size="sm">{t('roles.none')}</Text>;
  return (
    <Group gap={6} wrap="wrap">
      {admin.roles.map((role) => (
        <Badge key={role} variant="outline" color={role === 'owner' ? 'violet' : 'blue'}>
          {t(`role.${role}.label`)}
        </Badge>
      ))}
    </Group>
  );
}

type Props = {
  admins: AdminMember[];
  myId: string;
  onChangeRoles: (admin: AdminMember) => void;
  onRemove: (admin: AdminMember) => void;
};

function Actions({ admin, myId, onChangeRoles, onRemove }: Omit<Props, 'admins'> & { admin: AdminMember }) {
  const { t } = useTranslation('admin-admins');
  if (admin.removedAt) return <Text size="sm">{t('removedNote')}</Text>;
  const who = admin._id === myId ? t('you') : admin.name;
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        size="xs"
        variant="default"
        onClick={() => onChangeRoles(admin)}
        aria-label={t('roles.buttonFor', { name: who })}
        data-testid="admin-roles-open"
      >
        {t('roles.button')}
      </Button>
      <Button
        size="xs"
        variant="outline"
        color="red.9"
        // The theme's error colour meets WCAG AA in both colour modes; red 9 on the dark background does not.
        c="var(--mantine-color-error)"
        onClick={() => onRemove(admin)}
        aria-label={t('remove.buttonFor', { name: who })}
        data-testid="admin-remove-open"
      >
        {t('remove.button')}
      </Button>
    </Group>
  );
}

const COLUMNS = ['name', 'roles', 'state', 'since', 'actions'] as const;

/** The admins: a table on wide screens, cards on phones. */
export function AdminList(props: Props) {
  const { t } = useTranslation('admin-admins');
  const nameOf = (admin: AdminMember) =>
    admin._id === props.myId ? `${admin.name} (${t('you')})` : admin.name;
  return (
    <>
      <Box visibleFrom="md">
        <Table striped withTableBorder verticalSpacing="sm" data-testid="admins-table">
          <VisuallyHidden component="caption">{t('table.caption')}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} scope="col">
                  {t(`table.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.admins.map((admin) => (
              <Table.Tr key={admin._id} data-testid="admin-row">
                <Table.Td>
                  {/* A name in a cell, not a heading: a bold <p> over a small one reads to axe as one (p-as-heading). */}
                  <Text component="div" fw={600}>
                    {nameOf(admin)}
                  </Text>
                  <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
                    {admin.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <RoleBadges admin={admin} />
                </Table.Td>
                <Table.Td>
                  <StateBadges admin={admin} />
                </Table.Td>
                <Table.Td className={classes.tabular}>
                  {formatCardDate(admin.removedAt ?? admin.createdAt)}
                </Table.Td>
                <Table.Td>
                  <Actions admin={admin} {...props} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Stack
        component="ul"
        gap="sm"
        hiddenFrom="md"
        className={classes.plainList}
        aria-label={t('table.caption')}
      >
        {props.admins.map((admin) => (
          <Paper key={admin._id} component="li" withBorder radius="md" p="md" data-testid="admin-card">
            <Stack gap={6}>
              <Text fw={600}>{nameOf(admin)}</Text>
              <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
                {admin.email}
              </Text>
              <RoleBadges admin={admin} />
              <StateBadges admin={admin} />
              <Text size="sm">
                {t('table.since')}: {formatCardDate(admin.removedAt ?? admin.createdAt)}
              </Text>
              <Actions admin={admin} {...props} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
