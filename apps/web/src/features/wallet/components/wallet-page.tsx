import { Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PagedList } from '@/components/paged-list';
import { useWalletTransactions } from '../api/get-wallet-transactions';
import {
  WALLET_FILTERS,
  type WalletFilter,
  type WalletListState,
  walletListParams,
  walletListStateOf,
} from '../lib/wallet-list';
import { BalanceCard } from './balance-card';
import {
  TransactionsEmpty,
  TransactionsFailure,
  TransactionsFilteredEmpty,
  TransactionsSkeleton,
} from './list-states';
import { TransactionList } from './transaction-list';

function TypeFilter(props: { value: WalletFilter; onChange: (value: WalletFilter) => void }) {
  const { t } = useTranslation('wallet');
  return (
    <NativeSelect
      label={t('list.filter')}
      data={WALLET_FILTERS.map((type) => ({ value: type, label: t(`filters.${type}`) }))}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value as WalletFilter)}
      w={{ base: '100%', xs: 220 }}
      data-testid="wallet-type-filter"
    />
  );
}

/** /wallet — the client's balance, then every movement of it, newest first, by type and a page at a time. */
export function WalletPage() {
  const { t } = useTranslation('wallet');
  const [searchParams, setSearchParams] = useSearchParams();
  const state = walletListStateOf(searchParams);
  const list = useWalletTransactions(state);

  const go = (next: WalletListState, options: { replace?: boolean } = {}) =>
    setSearchParams(walletListParams(next), { replace: options.replace, preventScrollReset: true });

  // A page past the end (the list shrank since the link was made): show the last page instead.
  const lastPage = list.data?.totalPages ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the page count only.
  useEffect(() => {
    if (lastPage > 0 && state.page > lastPage) go({ ...state, page: lastPage }, { replace: true });
  }, [lastPage, state.page]);

  const hasNothingAtAll = state.type === 'all' && list.data?.total === 0;

  return (
    <Stack gap="lg" data-testid="wallet-page">
      <title>{`${t('title')} · Mohar`}</title>
      <Stack gap={4} maw={720}>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>

      <BalanceCard />

      <Stack component="section" gap="md" aria-labelledby="wallet-transactions-heading">
        <Group justify="space-between" align="flex-end" gap="md">
          <Title order={2} size="h3" id="wallet-transactions-heading">
            {t('list.title')}
          </Title>
          {!hasNothingAtAll && <TypeFilter value={state.type} onChange={(type) => go({ type, page: 1 })} />}
        </Group>

        {list.isPending ? (
          <TransactionsSkeleton />
        ) : list.isError ? (
          <TransactionsFailure error={list.error} onRetry={() => void list.refetch()} />
        ) : hasNothingAtAll ? (
          <TransactionsEmpty />
        ) : list.data.transactions.length === 0 ? (
          <TransactionsFilteredEmpty
            typeLabel={t(`filters.${state.type}`)}
            onClear={() => go({ type: 'all', page: 1 })}
          />
        ) : (
          <PagedList
            count={t('list.count', { count: list.data.total })}
            countTestId="wallet-count"
            isLoadingNext={list.isPlaceholderData}
            page={list.data.page}
            totalPages={list.data.totalPages}
            onPage={(page) => go({ ...state, page })}
            pagesLabel={t('list.pages')}
          >
            <TransactionList items={list.data.transactions} />
          </PagedList>
        )}
      </Stack>
    </Stack>
  );
}
