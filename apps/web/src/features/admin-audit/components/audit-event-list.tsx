import { Badge, Box, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AuditEvent } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import classes from '@/components/list-styles.module.css';
import { formatDateTime } from '@/lib/format';

/** Who acted: the account's name and e-mail, or a signatory by their link, or the platform itself. */
function Actor({ event }: { event: AuditEvent }) {
  const { t } = useTranslation('admin-audit');
  const roles = event.actorAdminRoles
    .map((role) => t(`adminRoles.${role}`, { defaultValue: role }))
    .join(', ');
  return (
    <Stack gap={0}>
      {/* A name in a cell, not a heading: a bold <p> over smaller ones reads to axe as one (p-as-heading). */}
      <Text component="div" size="sm" fw={600}>
        {event.actor?.name ?? t(`roles.${event.actorRole}`, { defaultValue: event.actorRole })}
      </Text>
      {event.actor && (
        <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
          {event.actor.email}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t(`roles.${event.actorRole}`, { defaultValue: event.actorRole })}
        {roles ? ` · ${roles}` : ''}
      </Text>
    </Stack>
  );
}

function Record({ event }: { event: AuditEvent }) {
  const { t } = useTranslation('admin-audit');
  return (
    <Stack gap={0}>
      <Text size="sm">{t(`subjects.${event.subjectType}`, { defaultValue: event.subjectType })}</Text>
      <Text size="xs" c="dimmed" ff="monospace" className={classes.breakAnywhere}>
        {event.subjectId}
      </Text>
    </Stack>
  );
}

const COLUMNS = ['when', 'who', 'what', 'record', 'detail', 'address'] as const;

/** The events: a table on wide screens, cards on phones. */
export function AuditEventList({ events }: { events: AuditEvent[] }) {
  const { t } = useTranslation('admin-audit');
  const when = (event: AuditEvent) => `${formatDateTime(event.createdAt)} IST`;
  const what = (event: AuditEvent) => t(`actions.${event.action}`);
  return (
    <>
      <Box visibleFrom="md">
        <Table striped withTableBorder verticalSpacing="sm" data-testid="audit-table">
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
            {events.map((event) => (
              <Table.Tr key={event._id} data-testid="audit-row" data-action={event.action}>
                <Table.Td className={classes.tabular}>{when(event)}</Table.Td>
                <Table.Td>
                  <Actor event={event} />
                </Table.Td>
                <Table.Td>{what(event)}</Table.Td>
                <Table.Td>
                  <Record event={event} />
                </Table.Td>
                <Table.Td className={classes.breakAnywhere}>{event.detail ?? '—'}</Table.Td>
                <Table.Td className={classes.tabular}>{event.ipAddress ?? '—'}</Table.Td>
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
        {events.map((event) => (
          <Paper key={event._id} component="li" withBorder radius="md" p="md" data-testid="audit-card">
            <Stack gap={6}>
              <Group justify="space-between" gap="xs">
                <Badge variant="light">{what(event)}</Badge>
                <Text size="xs" c="dimmed" className={classes.tabular}>
                  {when(event)}
                </Text>
              </Group>
              <Actor event={event} />
              <Record event={event} />
              {event.detail && (
                <Text size="sm" className={classes.breakAnywhere}>
                  {event.detail}
                </Text>
              )}
              {event.ipAddress && (
                <Text size="xs" c="dimmed">
                  {t('table.address')}: {event.ipAddress}
                </Text>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
