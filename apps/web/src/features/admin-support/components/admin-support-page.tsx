import { NativeSelect, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';
import { PagedResults } from '@/components/paged-results';
import { SearchField } from '@/components/search-field';
import { useUrlListState } from '@/lib/use-url-list-state';
import { useTickets } from '../api/get-tickets';
import {
  ASSIGNEE_FILTERS,
  type AssigneeFilter,
  isFiltered,
  TICKET_VIEWS,
  type TicketListState,
  type TicketView,
  ticketListParams,
  ticketListStateOf,
} from '../lib/ticket-list';
import { TicketList } from './ticket-list';

function TicketResults({ state, onPage }: { state: TicketListState; onPage: (page: number) => void }) {
  const { t } = useTranslation('admin-support');
  return (
    <PagedResults
      query={useTickets(state)}
      namespace="admin-support"
      isEmpty={(data) => data.tickets.length === 0}
      emptyText={isFiltered(state) ? t('empty.filtered') : t('empty.none')}
      emptyTestId="tickets-empty"
      countTestId="tickets-count"
      onPage={onPage}
    >
      {(data) => <TicketList tickets={data.tickets} />}
    </PagedResults>
  );
}

/** /admin/support — the support inbox (issue 22): status tabs, assignee, search, pages; the address bar keeps them. */
export function AdminSupportPage() {
  const { t } = useTranslation('admin-support');
  const { state, search, setSearch, go } = useUrlListState({
    read: ticketListStateOf,
    write: ticketListParams,
  });
  return (
    <Stack gap="lg">
      <title>{`${t('title')} · Mohar`}</title>
      <PageHeading title={t('title')} intro={t('intro')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <SearchField
          label={t('search')}
          hint={t('searchHint')}
          clearLabel={t('clearSearch')}
          value={search}
          onChange={setSearch}
          testId="tickets-search"
        />
        <NativeSelect
          label={t('assignee.label')}
          value={state.assignee}
          onChange={(event) =>
            go({ ...state, assignee: event.currentTarget.value as AssigneeFilter, page: 1 })
          }
          data={ASSIGNEE_FILTERS.map((value) => ({ value, label: t(`assignee.${value}`) }))}
          maw={320}
          data-testid="tickets-assignee"
        />
      </SimpleGrid>
      <Tabs
        value={state.view}
        onChange={(value) => go({ ...state, view: (value ?? 'active') as TicketView, page: 1 })}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('views.label')}>
          {TICKET_VIEWS.map((view) => (
            <Tabs.Tab key={view} value={view} data-testid={`tickets-view-${view}`}>
              {t(`views.${view}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TICKET_VIEWS.map((view) => (
          <Tabs.Panel key={view} value={view} pt="md">
            <TicketResults state={state} onPage={(page) => go({ ...state, page })} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
