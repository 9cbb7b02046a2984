import { Anchor, Box, Group, Paper, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { AdminApplicationListItem } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApplicationStatusBadge } from '@/components/application/application-status-badge';
import classes from '@/components/list-styles.module.css';
import { paths } from '@/config/paths';
import { formatCardDate, formatInr } from '@/lib/format';
import { StuckBadge } from './stuck-badge';

type Props = {
  applications: AdminApplicationListItem[];
  /** Narrow the list to one notary's applications. */
  onNotary: (notaryId: string) => void;
};

function TitleLink({ application }: { application: AdminApplicationListItem }) {
  const { t } = useTranslation('admin-applications');
  return (
    <Anchor
      component={Link}
      to={paths.admin.application(application._id)}
      fw={600}
      data-testid="admin-application-link"
    >
      {application.title ?? t('list.untitled')}
    </Anchor>
  );
}

function NotaryCell({
  application,
  onNotary,
}: { application: AdminApplicationListItem } & Pick<Props, 'onNotary'>) {
  const { t } = useTranslation('admin-applications');
  const { notary } = application;
  if (!notary) return <Text size="sm">{t('list.noNotary')}</Text>;
  return (
    <UnstyledButton
      onClick={() => onNotary(notary._id)}
      aria-label={t('list.onlyNotary', { name: notary.name })}
      td="underline"
      fz="sm"
    >
      {notary.name}
    </UnstyledButton>
  );
}

function State({ application }: { application: AdminApplicationListItem }) {
  const { t } = useTranslation('admin-applications');
  return (
    <Stack gap={4} align="flex-start">
      <Group gap={6}>
        <ApplicationStatusBadge status={application.status} />
        <StuckBadge reason={application.stuck} />
      </Group>
      <Text size="xs" c="dimmed">
        {t('list.since', { date: formatCardDate(application.statusSince) })}
      </Text>
    </Stack>
  );
}

const COLUMNS = ['application', 'client', 'notary', 'fee', 'made', 'state'] as const;

/** The applications: a table on wide screens, cards on phones; a stuck one is flagged in words. */
export function ApplicationList({ applications, onNotary }: Props) {
  const { t } = useTranslation('admin-applications');
  const { t: tApp } = useTranslation('applications');
  const act = (a: AdminApplicationListItem) => (a.notarialAct ? tApp(`notarialAct.${a.notarialAct}`) : '');
  const fee = (a: AdminApplicationListItem) =>
    a.totalPaise === null ? t('list.noFee') : formatInr(a.totalPaise);
  return (
    <>
      <Box visibleFrom="md">
        <Table
          striped
          highlightOnHover
          withTableBorder
          verticalSpacing="sm"
          data-testid="admin-applications-table"
        >
          <VisuallyHidden component="caption">{t('list.caption')}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} scope="col">
                  {t(`list.columns.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {applications.map((application) => (
              <Table.Tr
                key={application._id}
                data-testid="admin-application-row"
                data-stuck={application.stuck ?? undefined}
                style={application.stuck ? { background: 'var(--mantine-color-red-light)' } : undefined}
              >
                <Table.Td>
                  <TitleLink application={application} />
                  <Text size="xs" c="dimmed">
                    {act(application)}
                  </Text>
                </Table.Td>
                <Table.Td>{application.owner.name}</Table.Td>
                <Table.Td>
                  <NotaryCell application={application} onNotary={onNotary} />
                </Table.Td>
                <Table.Td className={classes.tabular}>{fee(application)}</Table.Td>
                <Table.Td className={classes.tabular}>{formatCardDate(application.createdAt)}</Table.Td>
                <Table.Td>
                  <State application={application} />
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
        aria-label={t('list.caption')}
      >
        {applications.map((application) => (
          <Paper
            key={application._id}
            component="li"
            withBorder
            radius="md"
            p="md"
            data-testid="admin-application-card"
            style={application.stuck ? { borderColor: 'var(--mantine-color-red-7)' } : undefined}
          >
            <Stack gap={4}>
              <TitleLink application={application} />
              <Text size="sm">{act(application)}</Text>
              <Text size="sm">
                {t('list.columns.client')}: {application.owner.name}
              </Text>
              <Group gap={4}>
                <Text size="sm">{t('list.columns.notary')}:</Text>
                <NotaryCell application={application} onNotary={onNotary} />
              </Group>
              <Text size="sm">
                {t('list.columns.fee')}: {fee(application)}
              </Text>
              <Text size="sm">
                {t('list.columns.made')}: {formatCardDate(application.createdAt)}
              </Text>
              <State application={application} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
