import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';
import { PagedResults } from '@/components/paged-results';
import { SearchField } from '@/components/search-field';
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
  const search = state.search.trim();
  return (
    <PagedResults
      query={useAdminClients(state)}
      namespace="admin-clients"
      isEmpty={(data) => data.clients.length === 0}
      emptyText={search ? t('empty.search', { search }) : t(`empty.${state.filter}`)}
      emptyTestId="admin-clients-empty"
      countTestId="admin-clients-count"
      onPage={onPage}
    >
      {(data) => <ClientList clients={data.clients} />}
    </PagedResults>
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
