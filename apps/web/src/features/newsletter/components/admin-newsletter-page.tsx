import { Anchor, Group, Stack, Tabs, Title } from '@mantine/core';
import { NEWSLETTER_SUBSCRIBER_STATUSES } from '@mohar/contracts';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';
import { PagedResults } from '@/components/paged-results';
import { SearchField } from '@/components/search-field';
import { SectionPanel } from '@/components/section-panel';
import { useUrlListState } from '@/lib/use-url-list-state';
import {
  type SubscriberListState,
  subscriberListParams,
  subscribersCsvUrl,
  useSubscribers,
} from '../api/admin-newsletter';
import { MailingForm } from './mailing-form';
import { SubscriberList } from './subscriber-list';

const VIEWS = ['all', ...NEWSLETTER_SUBSCRIBER_STATUSES] as const;

function subscriberListStateOf(params: URLSearchParams): SubscriberListState {
  const status = params.get('status') ?? 'all';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    status: (VIEWS as readonly string[]).includes(status) ? (status as SubscriberListState['status']) : 'all',
    search: (params.get('search') ?? '').slice(0, 100),
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

function Results({ state, onPage }: { state: SubscriberListState; onPage: (page: number) => void }) {
  const { t } = useTranslation('newsletter');
  return (
    <PagedResults
      query={useSubscribers(state)}
      namespace="newsletter"
      isEmpty={(data) => data.subscribers.length === 0}
      emptyText={state.status !== 'all' || state.search.trim() ? t('empty.filtered') : t('empty.none')}
      emptyTestId="subscribers-empty"
      countTestId="subscribers-count"
      onPage={onPage}
    >
      {(data) => <SubscriberList subscribers={data.subscribers} />}
    </PagedResults>
  );
}

/** /admin/newsletter — subscribers (double opt-in), their CSV, and a mailing to the confirmed ones (issue 22). */
export function AdminNewsletterPage() {
  const { t } = useTranslation('newsletter');
  const { state, search, setSearch, go } = useUrlListState({
    read: subscriberListStateOf,
    write: subscriberListParams,
  });
  return (
    <Stack gap="lg">
      <title>{`${t('admin.title')} · Mohar`}</title>
      <PageHeading title={t('admin.title')} intro={t('admin.intro')} />
      <SectionPanel labelledBy="mailing-heading" p="md">
        <Stack gap="sm">
          <Title order={2} size="h4" id="mailing-heading">
            {t('mailing.heading')}
          </Title>
          <MailingForm />
        </Stack>
      </SectionPanel>
      <Title order={2} size="h4">
        {t('admin.subscribers')}
      </Title>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <SearchField
          label={t('admin.search')}
          hint={t('admin.searchHint')}
          clearLabel={t('admin.clearSearch')}
          value={search}
          onChange={setSearch}
          testId="subscribers-search"
        />
        <Anchor href={subscribersCsvUrl(state)} download data-testid="subscribers-csv">
          <Group gap={6} component="span">
            <Download size={16} aria-hidden="true" />
            {t('admin.csv')}
          </Group>
        </Anchor>
      </Group>
      <Tabs
        value={state.status}
        onChange={(value) =>
          go({ ...state, status: (value ?? 'all') as SubscriberListState['status'], page: 1 })
        }
        keepMounted={false}
      >
        <Tabs.List aria-label={t('admin.statusLabel')}>
          {VIEWS.map((view) => (
            <Tabs.Tab key={view} value={view}>
              {view === 'all' ? t('admin.all') : t(`status.${view}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {VIEWS.map((view) => (
          <Tabs.Panel key={view} value={view} pt="md">
            <Results state={state} onPage={(page) => go({ ...state, page })} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
