import { Anchor, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { AUDIT_ACTIONS, type AuditAction } from '@mohar/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import { PageHeading } from '@/components/page-heading';
import { PagedResults } from '@/components/paged-results';
import { SearchField } from '@/components/search-field';
import { useUrlListState } from '@/lib/use-url-list-state';
import { auditCsvUrl, useAudit } from '../api/get-audit';
import { type AuditListState, auditListParams, auditListStateOf, isFiltered } from '../lib/audit-list';
import { AuditEventList } from './audit-event-list';

function AuditResults({ state, onPage }: { state: AuditListState; onPage: (page: number) => void }) {
  const { t } = useTranslation('admin-audit');
  return (
    <PagedResults
      query={useAudit(state)}
      namespace="admin-audit"
      isEmpty={(data) => data.events.length === 0}
      emptyText={isFiltered(state) ? t('empty.filtered') : t('empty.none')}
      emptyTestId="audit-empty"
      countTestId="audit-count"
      onPage={onPage}
    >
      {(data) => <AuditEventList events={data.events} />}
    </PagedResults>
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
        <DateField
          label={t('filters.from')}
          value={state.from}
          onChange={(from) => go({ ...state, from, page: 1 })}
          data-testid="audit-from"
        />
        <DateField
          label={t('filters.to')}
          value={state.to}
          onChange={(to) => go({ ...state, to, page: 1 })}
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
