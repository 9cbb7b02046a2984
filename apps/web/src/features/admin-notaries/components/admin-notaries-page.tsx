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
import { useAdminNotaries } from '../api/get-admin-notaries';
import {
  type AdminListState,
  adminListParams,
  adminListStateOf,
  STATUS_TABS,
  type StatusTab,
} from '../lib/admin-notaries';
import { NotaryList } from './notary-list';

function NotaryResults({ state, onPage }: { state: AdminListState; onPage: (page: number) => void }) {
  const { t } = useTranslation('admin-notaries');
  const list = useAdminNotaries(state);
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
  const { notaries, totalPages, page } = list.data;
  if (notaries.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl" data-testid="admin-notaries-empty">
        <Text fw={600}>
          {state.search.trim() ? t('empty.search', { search: state.search.trim() }) : t(`empty.${state.tab}`)}
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="md" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isPlaceholderData}>
      <NotaryList notaries={notaries} />
      <Pager page={page} totalPages={totalPages} onChange={onPage} label={t('pages')} />
    </Stack>
  );
}

/** /admin/notaries — the verification queue: status tabs (pending first), search and pages. */
export function AdminNotariesPage() {
  const { t } = useTranslation('admin-notaries');
  const [searchParams, setSearchParams] = useSearchParams();
  const state = adminListStateOf(searchParams);
  const [search, setSearch] = useState(state.search);

  const go = (next: AdminListState, options: { replace?: boolean } = {}) =>
    setSearchParams(adminListParams(next), { replace: options.replace, preventScrollReset: true });

  const _debouncedSearch = useSettledSearch({
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
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        leftSection={<Search size={16} aria-hidden="true" />}
        rightSection={
          search ? (
            <CloseButton aria-label={t('clearSearch')} onClick={() => setSearch('')} size="sm" />
          ) : null
        }
        maw={420}
        data-testid="admin-notaries-search"
      />
      <Tabs
        value={state.tab}
        onChange={(value) => go({ ...state, tab: (value ?? 'pending') as StatusTab, page: 1 })}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('tabs.label')}>
          {STATUS_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab} data-testid={`admin-tab-${tab}`}>
              {t(`tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {STATUS_TABS.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            <NotaryResults state={state} onPage={(page) => go({ ...state, page })} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
