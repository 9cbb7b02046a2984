import { Anchor, Box, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AdminClient } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from '@/components/list-styles.module.css';
import { paths } from '@/config/paths';
import { formatCardDate } from '@/lib/format';
import { ClientStateBadges } from './client-state-badges';

function NameLink({ client }: { client: AdminClient }) {
  return (
    <Anchor component={Link} to={paths.admin.client(client._id)} fw={600} data-testid="admin-client-link">
      {client.name}
    </Anchor>
  );
}

const COLUMNS = ['name', 'mobile', 'joined', 'state'] as const;

/** The clients: a table on wide screens, cards on phones. */
export function ClientList({ clients }: { clients: AdminClient[] }) {
  const { t } = useTranslation('admin-clients');
  return (
    <>
      <Box visibleFrom="md">
        <Table
          striped
          highlightOnHover
          withTableBorder
          verticalSpacing="sm"
          data-testid="admin-clients-table"
        >
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
            {clients.map((client) => (
              <Table.Tr key={client._id} data-testid="admin-client-row">
                <Table.Td>
                  <NameLink client={client} />
                  <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
                    {client.email}
                  </Text>
                </Table.Td>
                <Table.Td className={classes.tabular}>{client.mobile}</Table.Td>
                <Table.Td className={classes.tabular}>{formatCardDate(client.createdAt)}</Table.Td>
                <Table.Td>
                  <ClientStateBadges client={client} />
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
        {clients.map((client) => (
          <Paper
            key={client._id}
            component="li"
            withBorder
            radius="md"
            p="md"
            data-testid="admin-client-card"
          >
            <Stack gap={4}>
              <NameLink client={client} />
              <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
                {client.email}
              </Text>
              <Text size="sm">
                {t('table.mobile')}: {client.mobile}
              </Text>
              <Text size="sm">
                {t('table.joined')}: {formatCardDate(client.createdAt)}
              </Text>
              <ClientStateBadges client={client} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
