import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure, LoadingStatus } from '@/components/query-states';
import { TitledSection } from '@/components/titled-section';
import { failureMessage } from '@/lib/api-errors';

/**
 * One section of the notary's record, with its own read: loading, failure (with a retry), empty, or the content.
 * Each section reads on its own, so a slow or failed one never holds up the others.
 */
export function RecordSection<T>(props: {
  id: string;
  title: string;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: string;
  aside?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('admin-notary-record');
  const { query } = props;
  const data = query.data;
  if (data === undefined) {
    return (
      <TitledSection id={props.id} title={props.title}>
        {query.isError ? (
          <LoadFailure
            title={t('failed')}
            message={failureMessage(query.error, t('failed'))}
            retryLabel={t('retry')}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <LoadingStatus label={t('loading')} />
        )}
      </TitledSection>
    );
  }
  return (
    <TitledSection
      id={props.id}
      title={props.title}
      aside={props.aside?.(data)}
      empty={props.isEmpty(data) && props.empty}
    >
      {props.children(data)}
    </TitledSection>
  );
}
