import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { MySupportTicketsResponse } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { STATUS_COLOR } from '@/lib/support-status';

/** The signed-in user's requests as cards (one column on phones, the same on wide screens: a few per user). */
export function TicketCards({ tickets }: { tickets: MySupportTicketsResponse['tickets'] }) {
  const { t } = useTranslation('support');
  const { t: tc } = useTranslation('contact');
  return (
    <Stack component="ul" gap="sm" p={0} m={0} data-testid="my-tickets">
      {tickets.map((ticket) => (
        <Paper component="li" key={ticket._id} withBorder radius="md" p="md" style={{ listStyle: 'none' }}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={2}>
              <Anchor
                component={Link}
                to={paths.support.request(ticket._id)}
                fw={600}
                aria-label={t('mine.open', { reference: ticket.reference })}
              >
                {ticket.reference}
              </Anchor>
              <Text size="sm">{tc(`topics.${ticket.topic}`)}</Text>
            </Stack>
            <Stack gap={2} align="flex-end">
              <Badge color={STATUS_COLOR[ticket.status]} variant="light">
                {t(`status.${ticket.status}`)}
              </Badge>
              <Text size="xs" c="dimmed">
                {t('mine.columns.lastActivity')}: {formatDateTime(ticket.lastActivityAt)}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
