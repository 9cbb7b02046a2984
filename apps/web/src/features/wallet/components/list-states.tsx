import { Alert, Button, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { ReceiptIndianRupee, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '@/lib/api-errors';

/** Row-shaped placeholders while the first page loads. */
export function TransactionsSkeleton() {
  const { t } = useTranslation('wallet');
  return (
    <Stack gap="sm" role="status" aria-label={t('list.loading')} data-testid="wallet-loading">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} height={56} radius="md" />
      ))}
    </Stack>
  );
}

export function TransactionsFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('wallet');
  return (
    <Alert color="red" variant="light" role="alert" title={t('list.failed')} data-testid="wallet-failed">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{failureMessage(error, t('list.failed'))}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** No transactions at all: what will appear here. */
export function TransactionsEmpty() {
  const { t } = useTranslation('wallet');
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} data-testid="wallet-empty">
      <Stack gap="sm" align="flex-start" maw={560}>
        <ThemeIcon size={40} radius="xl" variant="light" aria-hidden="true">
          <ReceiptIndianRupee size={22} />
        </ThemeIcon>
        <Text fw={600}>{t('list.empty')}</Text>
      </Stack>
    </Paper>
  );
}

/** The type filter left nothing: say which, and offer every type. */
export function TransactionsFilteredEmpty({
  typeLabel,
  onClear,
}: {
  typeLabel: string;
  onClear: () => void;
}) {
  const { t } = useTranslation('wallet');
  return (
    <Paper withBorder radius="md" p="xl" data-testid="wallet-filtered-empty">
      <Stack gap="sm" align="flex-start">
        <ThemeIcon size={40} radius="xl" variant="light" color="gray" aria-hidden="true">
          <SearchX size={22} />
        </ThemeIcon>
        <Text fw={600}>{t('list.filteredEmpty', { type: typeLabel })}</Text>
        <Button variant="default" onClick={onClear} data-testid="wallet-clear-filter">
          {t('list.showAll')}
        </Button>
      </Stack>
    </Paper>
  );
}
