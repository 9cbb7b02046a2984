import { Button, Paper, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '@/components/paged-list';
import { LoadFailure, LoadingStatus } from '@/components/query-states';
import { failureMessage } from '@/lib/api-errors';

type Paged = { page: number; totalPages: number };

/**
 * A server-paged list's states, for the console's lists: loading, a failure with a retry, empty (with a way back to the
 * first page when the address names a page past the end), else the page. The texts come from the feature's own
 * namespace, under the same keys: `loading`, `failed`, `retry`, `empty.firstPage`, `pageOf`, `pages`.
 */
export function PagedResults<T extends Paged>(props: {
  query: UseQueryResult<T>;
  namespace: string;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  emptyTestId: string;
  countTestId: string;
  onPage: (page: number) => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation(props.namespace);
  const { query } = props;
  if (query.isPending) return <LoadingStatus label={t('loading')} />;
  if (query.isError)
    return (
      <LoadFailure
        title={t('failed')}
        message={failureMessage(query.error, t('failed'))}
        retryLabel={t('retry')}
        onRetry={() => void query.refetch()}
      />
    );
  const { page, totalPages } = query.data;
  if (props.isEmpty(query.data))
    return (
      <Paper withBorder radius="md" p="xl" data-testid={props.emptyTestId}>
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>{props.emptyText}</Text>
          {page > 1 && page > totalPages && (
            <Button size="xs" variant="default" onClick={() => props.onPage(1)}>
              {t('empty.firstPage')}
            </Button>
          )}
        </Stack>
      </Paper>
    );
  return (
    <PagedList
      count={t('pageOf', { page, totalPages })}
      countTestId={props.countTestId}
      isLoadingNext={query.isPlaceholderData}
      page={page}
      totalPages={totalPages}
      onPage={props.onPage}
      pagesLabel={t('pages')}
    >
      {props.children(query.data)}
    </PagedList>
  );
}
