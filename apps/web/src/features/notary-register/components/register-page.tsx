import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateField } from '@/components/date-field';
import { RegisterEntries } from '@/components/notary/register-entries';
import { Pager } from '@/components/pager';
import { TitledForm } from '@/components/titled-form';
import { failureMessage } from '@/lib/api-errors';
import { useContractForm } from '@/lib/use-contract-form';
import { registerQuery, useRegister } from '../api/get-register';
import {
  isRangeReversed,
  type RegisterFilters,
  registerExportUrl,
  registerQueryString,
  registerStateOf,
} from '../lib/register-format';

const EXPORT_FORMATS = ['csv', 'pdf'] as const;

/** From and To dates; applied to the address bar, so the view can be bookmarked and the exports follow it. */
function DateFilter(props: { filters: RegisterFilters; onApply: (filters: RegisterFilters) => void }) {
  const { t } = useTranslation('notary-register');
  const { form, onSubmit, containerRef } = useContractForm({
    schema: registerQuery,
    initialValues: { from: props.filters.from ?? '', to: props.filters.to ?? '' },
    toRequest: ({ from, to }) => ({ ...(from ? { from } : {}), ...(to ? { to } : {}) }),
    check: (values): { to?: string } => (isRangeReversed(values) ? { to: t('filters.reversed') } : {}),
  });
  const onClear = () => {
    form.setValues({ from: '', to: '' });
    props.onApply({});
  };
  const error = form.errors.to;
  return (
    <TitledForm
      headingId="register-dates-heading"
      title={t('filters.heading')}
      heading={{ order: 2, size: 'h4' }}
      gap="xs"
      formRef={containerRef}
      onSubmit={onSubmit(props.onApply)}
      testId="register-filters"
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <DateField
          label={t('filters.from')}
          name="from"
          {...form.getInputProps('from', { withError: false })}
          w={180}
        />
        <DateField
          label={t('filters.to')}
          name="to"
          {...form.getInputProps('to')}
          aria-invalid={error ? true : undefined}
          w={180}
        />
        <Group gap="xs" mb={error ? 26 : 0}>
          <Button type="submit">{t('filters.apply')}</Button>
          <Button variant="default" onClick={onClear}>
            {t('filters.clear')}
          </Button>
        </Group>
      </Group>
    </TitledForm>
  );
}

/** /notary/register — the notary's Form XV register, by date, with CSV and PDF exports. */
export function RegisterPage() {
  const { t } = useTranslation('notary-register');
  const [searchParams, setSearchParams] = useSearchParams();
  const state = registerStateOf(searchParams);
  const filters: RegisterFilters = { from: state.from, to: state.to };
  const register = useRegister(state);
  const isFiltered = Boolean(state.from || state.to);

  const navigate = (next: RegisterFilters & { page?: number }) =>
    setSearchParams(new URLSearchParams(registerQueryString(next)), { preventScrollReset: true });

  const entries = register.data?.entries ?? [];
  return (
    <Stack gap="lg">
      <title>{`${t('title')} · Mohar`}</title>
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed" maw={760}>
          {t('intro')}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <DateFilter
            key={`${state.from ?? ''}|${state.to ?? ''}`}
            filters={filters}
            onApply={(next) => navigate({ ...next, page: 1 })}
          />
          <Stack gap={6}>
            <Group gap="sm" role="group" aria-label={t('downloads.label')}>
              {EXPORT_FORMATS.map((format) => (
                <Button
                  key={format}
                  component="a"
                  href={registerExportUrl({ format, filters })}
                  download
                  variant="default"
                  leftSection={<Download size={16} aria-hidden="true" />}
                  data-testid={`register-download-${format}`}
                >
                  {t(`downloads.${format}`)}
                </Button>
              ))}
            </Group>
            {isFiltered && (
              <Text size="sm" c="dimmed">
                {t('downloads.filtered')}
              </Text>
            )}
          </Stack>
        </Stack>
      </Paper>

      {register.isPending && (
        <Group role="status" gap="sm">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('loading')}</Text>
        </Group>
      )}
      {register.isError && (
        <Alert color="red" variant="light" role="alert" title={t('failed')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{failureMessage(register.error, t('failed'))}</Text>
            <Button size="xs" variant="default" onClick={() => void register.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {register.isSuccess && entries.length === 0 && (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="register-empty">
          <Text fw={600}>{t(isFiltered ? 'emptyFiltered' : 'empty')}</Text>
        </Paper>
      )}
      {entries.length > 0 && (
        <Stack
          gap="md"
          style={{ opacity: register.isPlaceholderData ? 0.6 : 1 }}
          aria-busy={register.isPlaceholderData}
        >
          <RegisterEntries entries={entries} />
          <Pager
            page={register.data?.page ?? state.page}
            totalPages={register.data?.totalPages ?? 1}
            onChange={(page) => navigate({ ...filters, page })}
            label={t('pages')}
          />
        </Stack>
      )}
    </Stack>
  );
}
