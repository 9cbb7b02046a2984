import {
  Alert,
  Button,
  CloseButton,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type DirectoryNotary, NOTARY_LANGUAGES } from '@mohar/contracts';
import { INPUT_DEBOUNCE_MS } from '@mohar/contracts/constants';
import { Search } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/pager';
import { useDirectory } from '@/features/notary-directory/api/get-directory';
import { failureMessage } from '@/lib/api-errors';
import { NotaryOption } from './notary-option';
import classes from './wizard.module.css';

const SKELETON_KEYS = ['a', 'b', 'c', 'd'];
/** Fewer than the directory's page: the picker sits inside a wizard step. */
const NOTARY_PAGE_SIZE = 6;

/** Verified notaries to pick from: search (500 ms after typing stops), language, "online now", pages. */
export function NotaryPicker(props: {
  selectedId: string | null;
  onSelect: (notary: DirectoryNotary) => void;
  isEnabled: boolean;
}) {
  const { t } = useTranslation('wizard');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, INPUT_DEBOUNCE_MS);
  const [language, setLanguage] = useState('');
  const [onlineOnly, setOnlineOnly] = useState(false);
  const [page, setPage] = useState(1);
  const directory = useDirectory(
    {
      search: debouncedSearch.trim(),
      government: '',
      language,
      onlineOnly,
      page,
      pageSize: NOTARY_PAGE_SIZE,
    },
    { enabled: props.isEnabled },
  );
  const isFiltered = Boolean(debouncedSearch.trim() || language || onlineOnly);

  const onClear = () => {
    setSearch('');
    setLanguage('');
    setOnlineOnly(false);
    setPage(1);
  };

  let results: ReactNode;
  if (directory.isPending) {
    results = (
      <SimpleGrid
        cols={{ base: 1, sm: 2 }}
        spacing="md"
        aria-busy="true"
        role="status"
        aria-label={t('notary.loading')}
      >
        {SKELETON_KEYS.map((key) => (
          <Skeleton key={key} height={132} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (directory.isError) {
    results = (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{failureMessage(directory.error, t('notary.loadFailed'))}</Text>
          <Button size="xs" variant="default" onClick={() => void directory.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (directory.data.notaries.length === 0) {
    results = (
      <Paper withBorder radius="md" p="lg" data-testid="notary-empty">
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>{t(isFiltered ? 'notary.emptyFiltered' : 'notary.empty')}</Text>
          <Text size="sm">{t('notary.emptyHint')}</Text>
          {isFiltered && (
            <Button variant="default" onClick={onClear}>
              {t('notary.clearFilters')}
            </Button>
          )}
        </Stack>
      </Paper>
    );
  } else {
    const { notaries, totalPages } = directory.data;
    results = (
      <Stack
        gap="md"
        style={{ opacity: directory.isPlaceholderData ? 0.6 : 1 }}
        aria-busy={directory.isPlaceholderData}
      >
        <Radio.Group
          value={props.selectedId}
          onChange={(id) => {
            const notary = notaries.find((item) => item._id === id);
            if (notary) props.onSelect(notary);
          }}
          label={t('notary.listLabel')}
          description={t('notary.listHint')}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="xs" data-testid="notary-list">
            {notaries.map((notary) => (
              <Radio.Card
                key={notary._id}
                value={notary._id}
                radius="md"
                className={classes.choiceCard}
                data-testid="notary-option"
              >
                <Stack gap="xs">
                  <Radio.Indicator aria-hidden="true" />
                  <NotaryOption notary={notary} />
                </Stack>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Pager page={page} totalPages={totalPages} onChange={setPage} label={t('notary.pages')} />
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="notary-picker" data-page-size={NOTARY_PAGE_SIZE}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput
          label={t('notary.search')}
          description={t('notary.searchHint')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          leftSection={<Search size={16} aria-hidden="true" />}
          rightSection={
            search ? (
              <CloseButton aria-label={t('notary.clearSearch')} onClick={() => setSearch('')} size="sm" />
            ) : null
          }
        />
        <Select
          label={t('notary.language')}
          description={t('notary.languageHint')}
          placeholder={t('notary.anyLanguage')}
          data={[...NOTARY_LANGUAGES]}
          value={language || null}
          onChange={(value) => {
            setLanguage(value ?? '');
            setPage(1);
          }}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': t('notary.clearLanguage') }}
        />
        <Switch
          label={t('notary.onlineOnly')}
          description={t('notary.onlineOnlyHint')}
          checked={onlineOnly}
          onChange={(event) => {
            setOnlineOnly(event.currentTarget.checked);
            setPage(1);
          }}
          mt={{ base: 0, sm: 6 }}
          data-testid="notary-online-only"
        />
      </SimpleGrid>
      {results}
    </Stack>
  );
}
