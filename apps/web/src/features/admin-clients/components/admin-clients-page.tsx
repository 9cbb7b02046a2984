import { Button, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';
import { PagedList } from '@/components/paged-list';
import { LoadFailure, LoadingStatus } from '@/components/query-states';
import { SearchField } from '@/components/search-field';
import { failureMessage } from '@/lib/api-errors';
import { useUrlListState } from '@/lib/use-url-list-state';
import { useAdminClients } from '../api/get-admin-clients';
import {
  CLIENT_FILTERS,
  type ClientFilter,
  type ClientListState,
  clientListParams,
  clientListStateOf,
} from '../lib/admin-clients';
import { ClientList } from './client-list';

function ClientResults({ state, onPage }: { state: ClientListState; onPage: (page: number) => void }) {
  const { t } = useTranslation('admin-clients');
  const list = useAdminClients(state);
  if (list.isPending) return <LoadingStatus label={t('loading')} />;
  if (list.isError)
    return (
      <LoadFailure
        title={t('failed')}
        message={failureMessage(list.error, t('failed'))}
        retryLabel={t('retry')}
        onRetry={() => void list.refetch()}
      />
    );
  const { clients, totalPages, page } = list.data;
  if (clients.length === 0) {
    const search = state.search.trim();
    return (
      <Paper withBorder radius="md" p="xl" data-testid="admin-clients-empty">
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>{search ? t('empty.search', { search }) : t(`empty.${state.filter}`)}</Text>
          {page > 1 && page > totalPages && (
            <Button size="xs" variant="default" onClick={() => onPage(1)}>
              {t('empty.firstPage')}
            </Button>
          )}
        </Stack>
      </Paper>
    );
  }
  return (
    <PagedList
      count={t('pageOf', { page, totalPages })}
      countTestId="admin-clients-count"
      isLoadingNext={list.isPlaceholderData}
      page={page}
      totalPages={totalPages}
      onPage={onPage}
      pagesLabel={t('pages')}
    >
      <ClientList clients={clients} />
    </PagedList>
  );
}

/** /admin/clients — every client: search by name, e-mail or mobile, a filter, pages. */
export function AdminClientsPage() {
  const { t } = useTranslation('admin-clients');
  const { state, search, setSearch, go } = useUrlListState({
    read: clientListStateOf,
    write: clientListParams,
  });
  return (
    <Stack gap="lg">
      <PageHeading title={t('title')} intro={t('intro')} />
      <SearchField
        label={t('search')}
        hint={t('searchHint')}
        clearLabel={t('clearSearch')}
        value={search}
        onChange={setSearch}
        testId="admin-clients-search"
      />
      <Tabs
        value={state.filter}
        onChange={(value) => go({ ...state, filter: (value ?? 'all') as ClientFilter, page: 1 })}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('filters.label')}>
          {CLIENT_FILTERS.map((filter) => (
            <Tabs.Tab key={filter} value={filter} data-testid={`admin-clients-filter-${filter}`}>
              {t(`filters.${filter}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CLIENT_FILTERS.map((filter) => (
          <Tabs.Panel key={filter} value={filter} pt="md">
            <ClientResults state={state} onPage={(page) => go({ ...state, page })} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
