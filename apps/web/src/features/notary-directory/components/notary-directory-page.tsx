import {
  Alert,
  Button,
  CloseButton,
  Container,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { APPOINTING_GOVERNMENTS, NOTARY_LANGUAGES } from '@mohar/contracts';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Pager } from '@/components/pager';
import { failureMessage } from '@/lib/api-errors';
import { useSettledSearch } from '@/lib/use-settled-search';
import { useDirectory } from '../api/get-directory';
import {
  type DirectoryState,
  directoryParams,
  directoryStateOf,
  hasDirectoryFilters,
} from '../lib/directory';
import { NotaryCard } from './notary-card';
import { VerifyForm } from './verify-form';

function DirectoryResults(props: {
  state: DirectoryState;
  onPage: (page: number) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('directory');
  const directory = useDirectory(props.state);
  if (directory.isPending) {
    return (
      <Group role="status" gap="sm" py="md">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('directory.loading')}</Text>
      </Group>
    );
  }
  if (directory.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{failureMessage(directory.error, t('directory.failed'))}</Text>
          <Button size="xs" variant="default" onClick={() => void directory.refetch()}>
            {t('directory.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const { notaries, page, totalPages } = directory.data;
  if (notaries.length === 0) {
    const isFiltered = hasDirectoryFilters(props.state);
    return (
      <Paper withBorder radius="md" p="xl" data-testid="directory-empty">
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>{t(isFiltered ? 'directory.emptyFiltered' : 'directory.empty')}</Text>
          {isFiltered && (
            <Button variant="default" onClick={props.onClear}>
              {t('directory.clearFilters')}
            </Button>
          )}
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack
      gap="md"
      style={{ opacity: directory.isPlaceholderData ? 0.6 : 1 }}
      aria-busy={directory.isPlaceholderData}
    >
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: 2, md: 3 }}
        spacing="md"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
        aria-label={t('directory.heading')}
        data-testid="directory-list"
      >
        {notaries.map((notary) => (
          <li key={notary._id}>
            <NotaryCard notary={notary} />
          </li>
        ))}
      </SimpleGrid>
      <Pager page={page} totalPages={totalPages} onChange={props.onPage} label={t('directory.pages')} />
    </Stack>
  );
}

/** /notaries — public: check a registration number, and browse verified notaries. */
export function NotaryDirectoryPage() {
  const { t } = useTranslation('directory');
  const [searchParams, setSearchParams] = useSearchParams();
  const state = directoryStateOf(searchParams);
  const [search, setSearch] = useState(state.search);

  const go = (next: DirectoryState, options: { replace?: boolean } = {}) =>
    setSearchParams(directoryParams(next), { replace: options.replace, preventScrollReset: true });

  const _debouncedSearch = useSettledSearch({
    value: search,
    current: state.search,
    onSettle: (value) => go({ ...state, search: value, page: 1 }, { replace: true }),
  });

  const onClear = () => {
    setSearch('');
    go({ search: '', government: '', language: '', onlineOnly: false, page: 1 });
  };

  return (
    <Container size="lg" py={{ base: 'xl', md: 64 }}>
      <title>{`${t('title')} · Mohar`}</title>
      <meta name="description" content={t('metaDescription')} />
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed" maw={720}>
            {t('intro')}
          </Text>
        </Stack>
        <VerifyForm />
        <Stack gap="md" component="section" aria-labelledby="directory-heading">
          <Title order={2} size="h3" id="directory-heading">
            {t('directory.heading')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" data-testid="directory-filters">
            <TextInput
              label={t('directory.search')}
              description={t('directory.searchHint')}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              leftSection={<Search size={16} aria-hidden="true" />}
              rightSection={
                search ? (
                  <CloseButton
                    aria-label={t('directory.clearSearch')}
                    onClick={() => setSearch('')}
                    size="sm"
                  />
                ) : null
              }
            />
            <Select
              label={t('directory.government')}
              placeholder={t('directory.anyGovernment')}
              data={[...APPOINTING_GOVERNMENTS]}
              value={state.government || null}
              onChange={(value) => go({ ...state, government: value ?? '', page: 1 })}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': t('directory.clearGovernment') }}
            />
            <Select
              label={t('directory.language')}
              placeholder={t('directory.anyLanguage')}
              data={[...NOTARY_LANGUAGES]}
              value={state.language || null}
              onChange={(value) => go({ ...state, language: value ?? '', page: 1 })}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': t('directory.clearLanguage') }}
            />
            <Switch
              label={t('directory.onlineOnly')}
              checked={state.onlineOnly}
              onChange={(event) => go({ ...state, onlineOnly: event.currentTarget.checked, page: 1 })}
              mt={{ base: 0, md: 30 }}
              data-testid="directory-online-only"
            />
          </SimpleGrid>
          {hasDirectoryFilters(state) && (
            <Button
              variant="subtle"
              onClick={onClear}
              style={{ alignSelf: 'flex-start' }}
              data-testid="directory-clear"
            >
              {t('directory.clearFilters')}
            </Button>
          )}
          <DirectoryResults state={state} onPage={(page) => go({ ...state, page })} onClear={onClear} />
        </Stack>
      </Stack>
    </Container>
  );
}
