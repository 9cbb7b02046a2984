import { Anchor, Badge, Box, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { WalletTransaction, WalletTransactionType } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { directionOf, formatSignedInr } from '../lib/wallet-list';
import classes from './wallet.module.css';

// A table needs room for four columns; narrower windows get cards (one layout in the page, so tests count rows).
const WIDE_QUERY = '(min-width: 62em)';

/** Green: money came in. Ink: it paid a fee. Grey: set aside for a gateway payment and given back. Blue: Mohar corrected it. */
const COLOURS: Record<WalletTransactionType, string> = {
  payment: 'ink',
  release: 'gray',
  refund: 'green',
  credit: 'green',
  // A correction by Mohar's finance team, either way: its own colour, the reason is its description.
  adjustment: 'blue',
};

function TypeBadge({ type }: { type: WalletTransactionType }) {
  const { t } = useTranslation('wallet');
  return (
    <Badge color={COLOURS[type]} variant="light" style={{ flexShrink: 0 }}>
      {t(`types.${type}`)}
    </Badge>
  );
}

function Amount({ amountPaise }: { amountPaise: number }) {
  const direction = directionOf(amountPaise);
  return (
    <Text
      component="span"
      fw={700}
      className={`${classes.numeric} ${direction === 'in' ? classes.in : ''}`}
      data-testid="wallet-amount"
      data-direction={direction}
    >
      {formatSignedInr(amountPaise)}
    </Text>
  );
}

function DateText({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className={classes.numeric}>
      {formatDateTime(iso)}
    </time>
  );
}

function ApplicationLink({ item }: { item: WalletTransaction }) {
  const { t } = useTranslation('wallet');
  if (!item.applicationId) return null;
  const title = item.applicationTitle ?? t('list.untitled');
  return (
    <Anchor
      component={Link}
      to={paths.applications.view(item.applicationId)}
      size="sm"
      className={classes.wrap}
      aria-label={t('list.applicationLabel', { title })}
      data-testid="wallet-application-link"
    >
      {title}
    </Anchor>
  );
}

function TransactionTable({ items }: { items: WalletTransaction[] }) {
  const { t } = useTranslation('wallet');
  return (
    <Table withTableBorder highlightOnHover verticalSpacing="sm" data-testid="wallet-transactions-table">
      <caption>
        <VisuallyHidden>{t('list.caption')}</VisuallyHidden>
      </caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('list.columns.date')}</Table.Th>
          <Table.Th scope="col">{t('list.columns.description')}</Table.Th>
          <Table.Th scope="col">{t('list.columns.type')}</Table.Th>
          <Table.Th scope="col" ta="right">
            {t('list.columns.amount')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item._id} data-testid="wallet-transaction" data-type={item.type}>
            <Table.Td>
              <DateText iso={item.createdAt} />
            </Table.Td>
            <Table.Td maw={420}>
              <Text size="sm" className={classes.wrap}>
                {item.description}
              </Text>
              <ApplicationLink item={item} />
            </Table.Td>
            <Table.Td>
              <TypeBadge type={item.type} />
            </Table.Td>
            <Table.Td ta="right">
              <Amount amountPaise={item.amountPaise} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function TransactionCards({ items }: { items: WalletTransaction[] }) {
  const { t } = useTranslation('wallet');
  return (
    <Stack component="ul" gap="sm" className={classes.list} aria-label={t('list.caption')}>
      {items.map((item) => (
        <Paper
          key={item._id}
          component="li"
          withBorder
          radius="md"
          p="md"
          data-testid="wallet-transaction"
          data-type={item.type}
        >
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={600} className={classes.wrap} style={{ minWidth: 0 }}>
                {item.description}
              </Text>
              <Amount amountPaise={item.amountPaise} />
            </Group>
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                <DateText iso={item.createdAt} />
              </Text>
              <TypeBadge type={item.type} />
            </Group>
            {item.applicationId && (
              <Box>
                <ApplicationLink item={item} />
              </Box>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** The transactions: a table on wide screens, cards on phones and narrow windows. */
export function TransactionList({ items }: { items: WalletTransaction[] }) {
  const isWide = useMediaQuery(WIDE_QUERY, false, { getInitialValueInEffect: false });
  return isWide ? <TransactionTable items={items} /> : <TransactionCards items={items} />;
}
