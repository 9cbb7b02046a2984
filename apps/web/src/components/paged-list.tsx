import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Pager } from '@/components/pager';

/**
 * One page of a server-paged list: the count (announced politely), the items and the page links. While the next
 * page loads the current one stays, dimmed and marked busy.
 */
export function PagedList(props: {
  count: string;
  countTestId: string;
  isLoadingNext: boolean;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  pagesLabel: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" style={{ opacity: props.isLoadingNext ? 0.6 : 1 }} aria-busy={props.isLoadingNext}>
      <Text size="sm" c="dimmed" aria-live="polite" data-testid={props.countTestId}>
        {props.count}
      </Text>
      {props.children}
      <Pager
        page={props.page}
        totalPages={props.totalPages}
        onChange={props.onPage}
        label={props.pagesLabel}
      />
    </Stack>
  );
}
