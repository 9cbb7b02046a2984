import { Anchor, Badge, Box, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AdminSupportTicket } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from '@/components/list-styles.module.css';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { STATUS_COLOR } from '@/lib/support-status';
import { serviceTimeParts } from '../lib/ticket-list';

function ReferenceLink({ ticket }: { ticket: AdminSupportTicket }) {
  return (
    <Anchor component={Link} to={paths.admin.supportTicket(ticket._id)} fw={600} data-testid="ticket-link">
      {ticket.reference}
    </Anchor>
  );
}

/** The ticket's status, and a red "late" badge when its first reply is past one working day of service hours. */
export function TicketBadges({ ticket }: { ticket: AdminSupportTicket }) {
  const { t } = useTranslation('admin-support');
  return (
    <Group gap={6}>
      <Badge color={STATUS_COLOR[ticket.status]} variant="light" data-testid="ticket-status">
        {t(`status.${ticket.status}`)}
      </Badge>
      {ticket.isResponseLate && (
        <Badge color="red" variant="light">
          {t('late')}
        </Badge>
      )}
    </Group>
  );
}

export function ResponseTime({ ticket }: { ticket: AdminSupportTicket }) {
  const { t } = useTranslation('admin-support');
  const time = t('serviceTime', serviceTimeParts(ticket.firstResponseMinutes));
  return <>{ticket.firstResponseAt ? t('answeredIn', { time }) : t('waitingFor', { time })}</>;
}

const COLUMNS = ['reference', 'from', 'topic', 'status', 'assignee', 'response', 'activity'] as const;

/** The inbox: a table on wide screens, cards on phones. */
export function TicketList({ tickets }: { tickets: AdminSupportTicket[] }) {
  const { t } = useTranslation('admin-support');
  const { t: tc } = useTranslation('contact');
  return (
    <>
      <Box visibleFrom="md">
        <Table striped highlightOnHover withTableBorder verticalSpacing="sm" data-testid="tickets-table">
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
            {tickets.map((ticket) => (
              <Table.Tr key={ticket._id} data-testid="ticket-row">
                <Table.Td>
                  <ReferenceLink ticket={ticket} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{ticket.name}</Text>
                  <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
                    {ticket.email}
                  </Text>
                </Table.Td>
                <Table.Td>{tc(`topics.${ticket.topic}`)}</Table.Td>
                <Table.Td>
                  <TicketBadges ticket={ticket} />
                </Table.Td>
                <Table.Td>{ticket.assignee?.name ?? t('unassigned')}</Table.Td>
                <Table.Td>
                  <Text size="sm">
                    <ResponseTime ticket={ticket} />
                  </Text>
                </Table.Td>
                <Table.Td className={classes.tabular}>{formatDateTime(ticket.lastActivityAt)}</Table.Td>
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
        {tickets.map((ticket) => (
          <Paper key={ticket._id} component="li" withBorder radius="md" p="md" data-testid="ticket-card">
            <Stack gap={4}>
              <Group justify="space-between" gap="xs">
                <ReferenceLink ticket={ticket} />
                <TicketBadges ticket={ticket} />
              </Group>
              <Text size="sm">
                {ticket.name} · {tc(`topics.${ticket.topic}`)}
              </Text>
              <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
                {ticket.email}
              </Text>
              <Text size="xs">
                {ticket.assignee?.name ?? t('unassigned')} · <ResponseTime ticket={ticket} />
              </Text>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
