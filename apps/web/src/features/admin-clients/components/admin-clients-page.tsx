import {
  Alert,
  Button,
  CloseButton,
  Group,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Pager } from '@/components/pager';
import { failureMessage } from '@/lib/api-errors';
import { useSettledSearch } from '@/lib/use-settled-search';
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
  if (list.isPending) {
    return (
      <Group role="status" gap="sm" py="md">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('loading')}</Text>
      </Group>
    );
  }
  if (list.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('failed')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{failureMessage(list.error, t('failed'))}</Text>
          <Button size="xs" variant="default" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
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
    <Stack gap="md" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isPlaceholderData}>
      <ClientList clients={clients} />
      <Pager page={page} totalPages={totalPages} onChange={onPage} label={t('pages')} />
    </Stack>
  );
}

/** /admin/clients — every client: search by name, e-mail or mobile, a filter, pages. */
export function AdminClientsPage() {
  const { t } = useTranslation('admin-clients');
  const [searchParams, setSearchParams] = useSearchParams();
  const state = clientListStateOf(searchParams);
  const [search, setSearch] = useState(state.search);

  const go = (next: ClientListState, options: { replace?: boolean } = {}) =>
    setSearchParams(clientListParams(next), { replace: options.replace, preventScrollReset: true });

  useSettledSearch({
    value: search,
    current: state.search,
    onSettle: (value) => go({ ...state, search: value, page: 1 }, { replace: true }),
  });

  return (
    <Stack gap="lg">
      <title>{`${t('title')} · Mohar`}</title>
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed" maw={760}>
          {t('intro')}
        </Text>
      </Stack>
      <TextInput
        label={t('search')}
        description={t('searchHint')}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        leftSection={<Search size={16} aria-hidden="true" />}
        rightSection={
          search ? (
            <CloseButton aria-label={t('clearSearch')} onClick={() => setSearch('')} size="sm" />
          ) : null
        }
        maw={420}
        data-testid="admin-clients-search"
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
