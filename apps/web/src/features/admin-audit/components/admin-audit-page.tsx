import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { AUDIT_ACTIONS, type AuditAction } from '@mohar/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';
import { PagedList } from '@/components/paged-list';
import { LoadFailure, LoadingStatus } from '@/components/query-states';
import { SearchField } from '@/components/search-field';
import { failureMessage } from '@/lib/api-errors';
import { useUrlListState } from '@/lib/use-url-list-state';
import { auditCsvUrl, useAudit } from '../api/get-audit';
import { type AuditListState, auditListParams, auditListStateOf, isFiltered } from '../lib/audit-list';
import { AuditEventList } from './audit-event-list';

function AuditResults({ state, onPage }: { state: AuditListState; onPage: (page: number) => void }) {
  const { t } = useTranslation('admin-audit');
  const list = useAudit(state);
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
  const { events, totalPages, page } = list.data;
  if (events.length === 0)
    return (
      <Paper withBorder radius="md" p="xl" data-testid="audit-empty">
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>{isFiltered(state) ? t('empty.filtered') : t('empty.none')}</Text>
          {page > 1 && page > totalPages && (
            <Button size="xs" variant="default" onClick={() => onPage(1)}>
              {t('empty.firstPage')}
            </Button>
          )}
        </Stack>
      </Paper>
    );
  return (
    <PagedList
      count={t('pageOf', { page, totalPages })}
      countTestId="audit-count"
      isLoadingNext={list.isPlaceholderData}
      page={page}
      totalPages={totalPages}
      onPage={onPage}
      pagesLabel={t('pages')}
    >
      <AuditEventList events={events} />
    </PagedList>
  );
}

/** /admin/audit — every module's audited events (compliance): search, filters in the address bar, CSV. */
export function AdminAuditPage() {
  const { t } = useTranslation('admin-audit');
  const { state, search, setSearch, go } = useUrlListState({
    read: auditListStateOf,
    write: auditListParams,
  });
  // The actor is applied when the field is left or Enter is pressed: an e-mail half typed names nobody.
  const [actor, setActor] = useState(state.actor);
  const applyActor = () => {
    if (actor.trim() !== state.actor) go({ ...state, actor: actor.trim(), page: 1 });
  };
  return (
    <Stack gap="lg">
      <PageHeading title={t('title')} intro={t('intro')} />
      <SearchField
        label={t('search')}
        hint={t('searchHint')}
        clearLabel={t('clearSearch')}
        value={search}
        onChange={setSearch}
        testId="audit-search"
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        <NativeSelect
          label={t('filters.action')}
          value={state.action}
          onChange={(event) =>
            go({ ...state, action: event.currentTarget.value as AuditAction | '', page: 1 })
          }
          data={[
            { value: '', label: t('filters.anyAction') },
            ...AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`actions.${action}`) })),
          ]}
          data-testid="audit-action"
        />
        <TextInput
          label={t('filters.actor')}
          description={t('filters.actorHint')}
          value={actor}
          onChange={(event) => setActor(event.currentTarget.value)}
          onBlur={applyActor}
          onKeyDown={(event) => {
            if (event.key === 'Enter') applyActor();
          }}
          data-testid="audit-actor"
        />
        <TextInput
          type="date"
          label={t('filters.from')}
          value={state.from}
          max={state.to || undefined}
          onChange={(event) => go({ ...state, from: event.currentTarget.value, page: 1 })}
          data-testid="audit-from"
        />
        <TextInput
          type="date"
          label={t('filters.to')}
          value={state.to}
          min={state.from || undefined}
          onChange={(event) => go({ ...state, to: event.currentTarget.value, page: 1 })}
          data-testid="audit-to"
        />
      </SimpleGrid>
      <Group>
        <Anchor href={auditCsvUrl(state)} download data-testid="audit-csv">
          <Group gap={6} component="span">
            <Download size={16} aria-hidden="true" />
            {t('csv')}
          </Group>
        </Anchor>
      </Group>
      <AuditResults state={state} onPage={(page) => go({ ...state, page })} />
    </Stack>
  );
}
