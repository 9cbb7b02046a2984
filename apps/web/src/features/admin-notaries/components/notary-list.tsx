import { Anchor, Box, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { NotaryProfile } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotaryStatusBadge } from '@/components/notary/notary-status-badge';
import { paths } from '@/config/paths';
import { formatCardDate } from '@/lib/format';
import classes from './admin-notaries.module.css';

function useRowText() {
  const { t } = useTranslation('admin-notaries');
  return (notary: NotaryProfile) => ({
    name: notary.fullName ?? t('table.unnamed'),
    submitted: notary.submittedAt ? formatCardDate(notary.submittedAt) : t('table.notSubmitted'),
  });
}

function NameLink({ notary, name }: { notary: NotaryProfile; name: string }) {
  return (
    <Anchor component={Link} to={paths.admin.notary(notary._id)} fw={600} data-testid="admin-notary-link">
      {name}
    </Anchor>
  );
}

/** The applications: a table on wide screens, cards on phones. */
export function NotaryList({ notaries }: { notaries: NotaryProfile[] }) {
  const { t } = useTranslation('admin-notaries');
  const rowText = useRowText();
  return (
    <>
      <Box visibleFrom="md">
        <Table
          striped
          highlightOnHover
          withTableBorder
          verticalSpacing="sm"
          data-testid="admin-notaries-table"
        >
          <caption
            style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            {t('table.caption')}
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('table.name')}</Table.Th>
              <Table.Th scope="col">{t('table.registrationNumber')}</Table.Th>
              <Table.Th scope="col">{t('table.government')}</Table.Th>
              <Table.Th scope="col">{t('table.submitted')}</Table.Th>
              <Table.Th scope="col">{t('table.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {notaries.map((notary) => {
              const text = rowText(notary);
              return (
                <Table.Tr key={notary._id} data-testid="admin-notary-row">
                  <Table.Td>
                    <NameLink notary={notary} name={text.name} />
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {notary.email}
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.numeric}>{notary.registrationNumber ?? '—'}</Table.Td>
                  <Table.Td>{notary.appointingGovernment ?? '—'}</Table.Td>
                  <Table.Td className={classes.numeric}>{text.submitted}</Table.Td>
                  <Table.Td>
                    <NotaryStatusBadge status={notary.status} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Box>
      <Stack component="ul" gap="sm" hiddenFrom="md" className={classes.list} aria-label={t('table.caption')}>
        {notaries.map((notary) => {
          const text = rowText(notary);
          return (
            <Paper
              key={notary._id}
              component="li"
              withBorder
              radius="md"
              p="md"
              data-testid="admin-notary-card"
            >
              <Stack gap={4}>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <NameLink notary={notary} name={text.name} />
                  <NotaryStatusBadge status={notary.status} />
                </Group>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {notary.email}
                </Text>
                <Text size="sm">
                  {t('table.registrationNumber')}: {notary.registrationNumber ?? '—'}
                </Text>
                <Text size="sm">
                  {t('table.government')}: {notary.appointingGovernment ?? '—'}
                </Text>
                <Text size="sm">
                  {t('table.submitted')}: {text.submitted}
                </Text>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    </>
  );
}
