import { Alert, Button, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { FilePlus2, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-errors';

/** Rows-shaped placeholders while the first page loads; announced once as "Loading your applications…". */
export function ListSkeleton() {
  const { t } = useTranslation('applications');
  return (
    <Stack gap="sm" role="status" aria-label={t('list.loading')} data-testid="applications-loading">
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} height={72} radius="md" />
      ))}
    </Stack>
  );
}

export function ListFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('applications');
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={t('list.failed')}
      data-testid="applications-failed"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{failureMessage(error, t('list.failed'))}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** No applications at all: what this page is for, and the one way to start. */
export function ListEmpty() {
  const { t } = useTranslation('applications');
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'lg', sm: 'xl' }}
      component="section"
      aria-labelledby="applications-empty-heading"
      data-testid="applications-empty"
    >
      <Stack gap="sm" align="flex-start" maw={560}>
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
          <FilePlus2 size={26} />
        </ThemeIcon>
        <Title order={2} size="h3" id="applications-empty-heading">
          {t('list.emptyTitle')}
        </Title>
        <Text>{t('list.emptyBody')}</Text>
        <Button
          component={Link}
          to={paths.applications.new()}
          size="md"
          data-testid="applications-empty-start"
        >
          {t('list.emptyAction')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** Filters left nothing: say which, and offer to clear them. */
export function ListFilteredEmpty({ search, onClear }: { search: string; onClear: () => void }) {
  const { t } = useTranslation('applications');
  return (
    <Paper withBorder radius="md" p="xl" data-testid="applications-filtered-empty">
      <Stack gap="sm" align="flex-start">
        <ThemeIcon size={40} radius="xl" variant="light" color="gray" aria-hidden="true">
          <SearchX size={22} />
        </ThemeIcon>
        <Text fw={600}>{search ? t('list.filteredSearch', { search }) : t('list.filteredTitle')}</Text>
        <Text size="sm" c="dimmed">
          {t('list.filteredBody')}
        </Text>
        <Button variant="default" onClick={onClear} data-testid="applications-clear-filters">
          {t('list.clearFilters')}
        </Button>
      </Stack>
    </Paper>
  );
}
