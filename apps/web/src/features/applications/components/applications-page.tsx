import { Button, CloseButton, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { APPLICATION_STATUSES } from '@mohar/contracts';
import { Plus, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PagedList } from '@/components/paged-list';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/current-user';
import { useSettledSearch } from '@/lib/use-settled-search';
import { useApplications } from '../api/get-applications';
import { hasFilters, type ListState, listParams, listStateOf, type StatusFilter } from '../lib/list-state';
import { ApplicationList } from './application-list';
import { ListEmpty, ListFailure, ListFilteredEmpty, ListSkeleton } from './list-states';

function Filters(props: {
  search: string;
  status: StatusFilter;
  onSearch: (value: string) => void;
  onStatus: (value: StatusFilter) => void;
}) {
  const { t } = useTranslation('applications');
  const options = [
    { value: 'all', label: t('list.allStatuses') },
    ...APPLICATION_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
  ];
  return (
    <Group role="search" aria-label={t('list.filters')} gap="md" align="flex-start" wrap="wrap">
      <TextInput
        label={t('list.search')}
        description={t('list.searchHint')}
        value={props.search}
        onChange={(event) => props.onSearch(event.currentTarget.value)}
        leftSection={<Search size={16} aria-hidden="true" />}
        rightSection={
          props.search ? (
            <CloseButton aria-label={t('list.clearSearch')} onClick={() => props.onSearch('')} size="sm" />
          ) : null
        }
        maxLength={100}
        w={{ base: '100%', sm: 360 }}
        data-testid="applications-search"
      />
      <NativeSelect
        label={t('list.status')}
        description={t('list.statusHint')}
        data={options}
        value={props.status}
        onChange={(event) => props.onStatus(event.currentTarget.value as StatusFilter)}
        w={{ base: '100%', sm: 240 }}
        data-testid="applications-status-filter"
      />
    </Group>
  );
}

/** /applications — the client's applications, newest first: filter by status, search, pages. */
export function ApplicationsPage() {
  const { t } = useTranslation('applications');
  const [searchParams, setSearchParams] = useSearchParams();
  const state = listStateOf(searchParams);
  const [search, setSearch] = useState(state.search);
  const list = useApplications(state);

  const go = (next: ListState, options: { replace?: boolean } = {}) =>
    setSearchParams(listParams(next), { replace: options.replace, preventScrollReset: true });

  const debouncedSearch = useSettledSearch({
    value: search,
    current: state.search,
    onSettle: (value) => go({ ...state, search: value, page: 1 }, { replace: true }),
  });

  // Back and forward change the address bar, not the input: follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the address bar only.
  useEffect(() => {
    if (state.search.trim() !== debouncedSearch.trim()) setSearch(state.search);
  }, [state.search]);

  // A page past the end (the list shrank since the link was made): show the last page instead.
  const lastPage = list.data?.totalPages ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the page count only.
  useEffect(() => {
    if (lastPage > 0 && state.page > lastPage) go({ ...state, page: lastPage }, { replace: true });
  }, [lastPage, state.page]);

  const clearFilters = () => {
    setSearch('');
    go({ status: 'all', search: '', page: 1 });
  };

  const isFiltered = hasFilters(state);
  const hasNothingAtAll = !isFiltered && list.data?.total === 0;
  // Admins reach every application here from their dashboard's counts (sessions live, failed seals).
  const isAdmin = useCurrentUser().role === 'admin';

  return (
    <Stack gap="lg" data-testid="applications-page">
      <title>{`${t('title')} · Mohar`}</title>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} maw={720}>
          <Title order={1}>{t(isAdmin ? 'titleAll' : 'title')}</Title>
          <Text c="dimmed">{t(isAdmin ? 'introAll' : 'intro')}</Text>
        </Stack>
        {!isAdmin && (
          <Button
            component={Link}
            to={paths.applications.new()}
            size="md"
            leftSection={<Plus size={18} aria-hidden="true" />}
            data-testid="new-application"
          >
            {t('new')}
          </Button>
        )}
      </Group>

      {!hasNothingAtAll && (
        <Filters
          search={search}
          status={state.status}
          onSearch={setSearch}
          onStatus={(status) => go({ ...state, status, page: 1 })}
        />
      )}

      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ListFailure error={list.error} onRetry={() => void list.refetch()} />
      ) : hasNothingAtAll ? (
        <ListEmpty />
      ) : list.data.applications.length === 0 ? (
        <ListFilteredEmpty search={state.search.trim()} onClear={clearFilters} />
      ) : (
        <PagedList
          count={t('list.count', { count: list.data.total })}
          countTestId="applications-count"
          isLoadingNext={list.isPlaceholderData}
          page={list.data.page}
          totalPages={list.data.totalPages}
          onPage={(page) => go({ ...state, page })}
          pagesLabel={t('list.pages')}
        >
          <ApplicationList items={list.data.applications} />
        </PagedList>
      )}
    </Stack>
  );
}
