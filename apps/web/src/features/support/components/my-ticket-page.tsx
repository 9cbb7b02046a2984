import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { LoadFailure, LoadingStatus } from '@/components/query-states';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-errors';
import { useAnswerMine, useMyTicket } from '../api/my-tickets';
import { CustomerThread } from './customer-thread';

/** /support/requests/:id — one of the signed-in user's requests: the replies, and their answer. */
export function MyTicketPage() {
  const { t } = useTranslation('support');
  const id = useParams().id ?? '';
  const thread = useMyTicket(id);
  const answer = useAnswerMine(id);
  return (
    <Stack gap="lg">
      <title>{`${t('mine.pageTitle')} · Mohar`}</title>
      <Anchor component={Link} to={paths.support.requests()} size="sm">
        {t('mine.back')}
      </Anchor>
      {thread.isPending && <LoadingStatus label={t('reply.loading')} />}
      {thread.isError && (
        <LoadFailure
          title={t('reply.failed')}
          message={failureMessage(thread.error, t('mine.notFound'))}
          retryLabel={t('reply.retry')}
          onRetry={() => void thread.refetch()}
        />
      )}
      {thread.data && (
        <>
          <PageHeading title={t('reply.heading', { reference: thread.data.ticket.reference })} />
          <CustomerThread
            thread={thread.data}
            isSending={answer.isPending}
            onAnswer={(body, callbacks) => answer.mutate(body, callbacks)}
          />
        </>
      )}
    </Stack>
  );
}
