import { Anchor, Box, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Refund } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatArticleDate, formatDateTime, formatInr } from '@/lib/format';
import { canDecide } from '../lib/refund-queue';
import classes from './admin-refunds.module.css';
import { OverdueBadge, RefundStatusBadge } from './refund-badges';

// Seven columns need a wide screen; narrower windows get cards (one layout in the page, so tests count rows).
const WIDE_QUERY = '(min-width: 75em)';

export type RefundListActions = {
  /** The refund whose decision is being sent: its buttons stay disabled until the answer comes. */
  busyId: string | null;
  onApprove: (refund: Refund) => void;
  onReject: (refund: Refund) => void;
};

function ApplicationCell({ refund }: { refund: Refund }) {
  const { t } = useTranslation('admin-refunds');
  return (
    <Stack gap={2}>
      <Anchor
        component={Link}
        to={paths.applications.view(refund.applicationId)}
        fw={600}
        size="sm"
        className={classes.wrap}
        data-testid="refund-application-link"
      >
        {refund.applicationTitle ?? t('untitled')}
      </Anchor>
      {refund.reason && (
        <Text size="xs" c="dimmed" className={classes.wrap}>
          {t('clientReason', { reason: refund.reason })}
        </Text>
      )}
      {refund.status === 'rejected' && refund.decisionReason && (
        <Text size="xs" className={classes.wrap}>
          {t('decisionReason', { reason: refund.decisionReason })}
        </Text>
      )}
    </Stack>
  );
}

function ClientCell({ refund }: { refund: Refund }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600} className={classes.wrap}>
        {refund.clientName}
      </Text>
      <Text size="xs" c="dimmed" className={classes.wrap}>
        {refund.clientEmail}
      </Text>
    </Stack>
  );
}

function When({ iso, dateOnly = false }: { iso: string; dateOnly?: boolean }) {
  return (
    <time dateTime={iso} title={`${formatDateTime(iso)} IST`} className={classes.numeric}>
      {dateOnly ? formatArticleDate(iso) : formatDateTime(iso)}
    </time>
  );
}

function StatusCell({ refund }: { refund: Refund }) {
  return (
    <Group gap={6} wrap="wrap">
      <RefundStatusBadge status={refund.status} />
      {refund.isOverdue && <OverdueBadge />}
    </Group>
  );
}

function Decision({ refund, actions }: { refund: Refund; actions: RefundListActions }) {
  const { t } = useTranslation('admin-refunds');
  if (!canDecide(refund)) {
    return refund.decidedAt ? (
      <Text size="xs" c="dimmed">
        {t('decidedOn')} <When iso={refund.decidedAt} dateOnly />
      </Text>
    ) : null;
  }
  const isBusy = actions.busyId === refund._id;
  const who = { client: refund.clientName };
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        onClick={() => actions.onApprove(refund)}
        disabled={isBusy}
        aria-label={t('actions.approveLabel', who)}
        data-testid="refund-approve"
      >
        {t('actions.approve')}
      </Button>
      <Button
        size="xs"
        variant="default"
        onClick={() => actions.onReject(refund)}
        disabled={isBusy}
        aria-label={t('actions.rejectLabel', who)}
        data-testid="refund-reject"
      >
        {t('actions.reject')}
      </Button>
    </Group>
  );
}

const rowData = (refund: Refund) => ({
  'data-testid': 'refund-row',
  'data-status': refund.status,
  'data-overdue': String(refund.isOverdue),
  className: refund.isOverdue ? classes.overdue : undefined,
});

function RefundTable({ refunds, actions }: { refunds: Refund[]; actions: RefundListActions }) {
  const { t } = useTranslation('admin-refunds');
  return (
    <Table withTableBorder verticalSpacing="sm" data-testid="refunds-table">
      <caption>
        <VisuallyHidden>{t('table.caption')}</VisuallyHidden>
      </caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('table.client')}</Table.Th>
          <Table.Th scope="col">{t('table.application')}</Table.Th>
          <Table.Th scope="col" ta="right">
            {t('table.amount')}
          </Table.Th>
          <Table.Th scope="col">{t('table.requested')}</Table.Th>
          <Table.Th scope="col">{t('table.due')}</Table.Th>
          <Table.Th scope="col">{t('table.status')}</Table.Th>
          <Table.Th scope="col">
            <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {refunds.map((refund) => (
          <Table.Tr key={refund._id} {...rowData(refund)}>
            <Table.Td miw={200} maw={260}>
              <ClientCell refund={refund} />
            </Table.Td>
            <Table.Td maw={280}>
              <ApplicationCell refund={refund} />
            </Table.Td>
            <Table.Td ta="right" fw={600} className={classes.numeric}>
              {formatInr(refund.amountPaise)}
            </Table.Td>
            <Table.Td>
              <When iso={refund.requestedAt} />
            </Table.Td>
            <Table.Td>
              <When iso={refund.dueAt} dateOnly />
            </Table.Td>
            <Table.Td>
              <StatusCell refund={refund} />
            </Table.Td>
            <Table.Td>
              <Decision refund={refund} actions={actions} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function RefundCards({ refunds, actions }: { refunds: Refund[]; actions: RefundListActions }) {
  const { t } = useTranslation('admin-refunds');
  return (
    <Stack component="ul" gap="sm" className={classes.list} aria-label={t('table.caption')}>
      {refunds.map((refund) => (
        <Paper key={refund._id} component="li" withBorder radius="md" p="md" {...rowData(refund)}>
          <Stack gap={8}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Box style={{ minWidth: 0 }}>
                <ClientCell refund={refund} />
              </Box>
              <Text fw={700} className={classes.numeric}>
                {formatInr(refund.amountPaise)}
              </Text>
            </Group>
            <StatusCell refund={refund} />
            <ApplicationCell refund={refund} />
            <Text size="xs" c="dimmed">
              {t('table.requested')}: <When iso={refund.requestedAt} />
              {' · '}
              {t('table.due')}: <When iso={refund.dueAt} dateOnly />
            </Text>
            <Decision refund={refund} actions={actions} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** The queue: a table on wide screens, cards on phones and narrow windows. */
export function RefundList(props: { refunds: Refund[]; actions: RefundListActions }) {
  const isWide = useMediaQuery(WIDE_QUERY, false, { getInitialValueInEffect: false });
  return isWide ? <RefundTable {...props} /> : <RefundCards {...props} />;
}
