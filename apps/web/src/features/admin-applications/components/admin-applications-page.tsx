import {
  Button,
  Checkbox,
  CloseButton,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { ADMIN_APPLICATION_DATE_FIELDS, APPLICATION_STATUSES, NOTARIAL_ACTS } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import { PageHeading } from '@/components/page-heading';
import { PagedResults } from '@/components/paged-results';
import { SearchField } from '@/components/search-field';
import { useUrlListState } from '@/lib/use-url-list-state';
import { useAdminApplications } from '../api/get-admin-applications';
import {
  type ApplicationListState,
  applicationListParams,
  applicationListStateOf,
  isFiltered,
  paiseOfRupees,
  rupeesOfPaise,
} from '../lib/application-list';
import { ApplicationList } from './application-list';

function Results(props: { state: ApplicationListState; go: (state: ApplicationListState) => void }) {
  const { t } = useTranslation('admin-applications');
  const { state, go } = props;
  return (
    <PagedResults
      query={useAdminApplications(state)}
      namespace="admin-applications"
      isEmpty={(data) => data.applications.length === 0}
      emptyText={isFiltered(state) ? t('empty.filtered') : t('empty.none')}
      emptyTestId="admin-applications-empty"
      countTestId="admin-applications-count"
      onPage={(page) => go({ ...state, page })}
    >
      {(data) => (
        <ApplicationList
          applications={data.applications}
          onNotary={(notary) => go({ ...state, notary, page: 1 })}
        />
      )}
    </PagedResults>
  );
}

/** A rupee bound: applied when the field is left or Enter is pressed (a half-typed amount filters nothing). */
function AmountField(props: {
  label: string;
  paise: string;
  onApply: (paise: string) => void;
  testId: string;
}) {
  const [value, setValue] = useState(rupeesOfPaise(props.paise));
  const apply = () => {
    const paise = paiseOfRupees(value);
    if (paise !== props.paise) props.onApply(paise);
  };
  return (
    <TextInput
      label={props.label}
      inputMode="decimal"
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
      data-testid={props.testId}
    />
  );
}

/** /admin/applications — every application (support): search, filters and pages in the address bar; stuck ones flagged. */
export function AdminApplicationsPage() {
  const { t } = useTranslation('admin-applications');
  const { t: tApp } = useTranslation('applications');
  const { state, search, setSearch, go } = useUrlListState({
    read: applicationListStateOf,
    write: applicationListParams,
  });
  const set = (changes: Partial<ApplicationListState>) => go({ ...state, ...changes, page: 1 });
  return (
    <Stack gap="lg">
      <title>{`${t('title')} · Mohar`}</title>
      <PageHeading title={t('title')} intro={t('intro')} />
      <SearchField
        label={t('search')}
        hint={t('searchHint')}
        clearLabel={t('clearSearch')}
        value={search}
        onChange={setSearch}
        testId="admin-applications-search"
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        <NativeSelect
          label={t('filters.status')}
          value={state.status}
          onChange={(event) => set({ status: event.currentTarget.value as ApplicationListState['status'] })}
          data={[
            { value: '', label: t('filters.anyStatus') },
            ...APPLICATION_STATUSES.map((status) => ({ value: status, label: tApp(`status.${status}`) })),
          ]}
          data-testid="admin-applications-status"
        />
        <NativeSelect
          label={t('filters.act')}
          value={state.act}
          onChange={(event) => set({ act: event.currentTarget.value as ApplicationListState['act'] })}
          data={[
            { value: '', label: t('filters.anyAct') },
            ...NOTARIAL_ACTS.map((act) => ({ value: act, label: tApp(`notarialAct.${act}`) })),
          ]}
          data-testid="admin-applications-act"
        />
        <AmountField
          key={`min-${state.minPaise}`}
          label={t('filters.minRupees')}
          paise={state.minPaise}
          onApply={(minPaise) => set({ minPaise })}
          testId="admin-applications-min"
        />
        <AmountField
          key={`max-${state.maxPaise}`}
          label={t('filters.maxRupees')}
          paise={state.maxPaise}
          onApply={(maxPaise) => set({ maxPaise })}
          testId="admin-applications-max"
        />
        <NativeSelect
          label={t('filters.dateOf')}
          value={state.dateOf}
          onChange={(event) => set({ dateOf: event.currentTarget.value as ApplicationListState['dateOf'] })}
          data={ADMIN_APPLICATION_DATE_FIELDS.map((field) => ({
            value: field,
            label: t(`filters.dates.${field}`),
          }))}
          data-testid="admin-applications-date-of"
        />
        <DateField
          label={t('filters.from')}
          value={state.from}
          onChange={(from) => set({ from })}
          data-testid="admin-applications-from"
        />
        <DateField
          label={t('filters.to')}
          value={state.to}
          onChange={(to) => set({ to })}
          data-testid="admin-applications-to"
        />
        <Checkbox
          mt={{ lg: 'xl' }}
          label={t('filters.stuckOnly')}
          checked={state.isStuckOnly}
          onChange={(event) => set({ isStuckOnly: event.currentTarget.checked })}
          data-testid="admin-applications-stuck"
        />
      </SimpleGrid>
      <Group gap="sm">
        {state.notary && (
          <Group gap={4} data-testid="admin-applications-notary-filter">
            {t('filters.oneNotary')}
            <CloseButton
              size="sm"
              aria-label={t('filters.clearNotary')}
              onClick={() => set({ notary: '' })}
            />
          </Group>
        )}
        {isFiltered(state) && (
          <Button
            variant="subtle"
            size="xs"
            onClick={() => {
              setSearch('');
              go(applicationListStateOf(new URLSearchParams()));
            }}
          >
            {t('filters.clearAll')}
          </Button>
        )}
      </Group>
      <Results state={state} go={go} />
    </Stack>
  );
}
