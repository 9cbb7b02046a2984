import { Badge, Box, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { NewsletterSubscriber } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import classes from '@/components/list-styles.module.css';
import { formatDateTime } from '@/lib/format';

const COLOR = { pending: 'gray', confirmed: 'teal', unsubscribed: 'red' } as const;
const COLUMNS = ['email', 'status', 'subscribed', 'confirmed'] as const;

/** Subscribers: a table on wide screens, cards on phones. */
export function SubscriberList({ subscribers }: { subscribers: NewsletterSubscriber[] }) {
  const { t } = useTranslation('newsletter');
  const badge = (s: NewsletterSubscriber) => (
    <Badge color={COLOR[s.status]} variant="light">
      {t(`status.${s.status}`)}
    </Badge>
  );
  return (
    <>
      <Box visibleFrom="md">
        <Table striped withTableBorder verticalSpacing="sm" data-testid="subscribers-table">
          <VisuallyHidden component="caption">{t('admin.caption')}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} scope="col">
                  {t(`admin.columns.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {subscribers.map((s) => (
              <Table.Tr key={s._id}>
                <Table.Td className={classes.breakAnywhere}>{s.email}</Table.Td>
                <Table.Td>{badge(s)}</Table.Td>
                <Table.Td className={classes.tabular}>{formatDateTime(s.createdAt)}</Table.Td>
                <Table.Td className={classes.tabular}>
                  {s.confirmedAt ? formatDateTime(s.confirmedAt) : '—'}
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
        aria-label={t('admin.caption')}
      >
        {subscribers.map((s) => (
          <Paper key={s._id} component="li" withBorder radius="md" p="md">
            <Stack gap={4}>
              <Text fw={600} className={classes.breakAnywhere}>
                {s.email}
              </Text>
              {badge(s)}
              <Text size="xs" c="dimmed">
                {t('admin.columns.subscribed')}: {formatDateTime(s.createdAt)}
              </Text>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
