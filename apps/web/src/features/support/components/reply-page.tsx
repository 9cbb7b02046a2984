import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadFailure, LoadingStatus } from '@/components/query-states';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { failureMessage } from '@/lib/api-errors';
import { useAnswerByLink, useReplyThread } from '../api/reply-thread';
import { CustomerThread } from './customer-thread';

/** /support/reply/:token — the link in a support reply e-mail: the conversation, and the customer's answer. */
export function ReplyPage() {
  const { t } = useTranslation('support');
  const token = useParams().token ?? '';
  const thread = useReplyThread(token);
  const answer = useAnswerByLink(token);
  return (
    <Container size="md" py={{ base: 'xl', md: 48 }}>
      <title>{`${t('reply.pageTitle')} · Mohar`}</title>
      <meta name="robots" content="noindex" />
      <Stack gap="lg">
        {thread.isPending && <LoadingStatus label={t('reply.loading')} />}
        {thread.isError &&
          (thread.error instanceof ApiError && [400, 404].includes(thread.error.status) ? (
            <Stack gap="md" align="flex-start" data-testid="reply-link-invalid">
              <Title order={1}>{t('reply.failed')}</Title>
              <Text>{t('reply.invalidBody')}</Text>
              <Button component={Link} to={paths.contact()} variant="default">
                {t('reply.toContact')}
              </Button>
            </Stack>
          ) : (
            <LoadFailure
              title={t('reply.failed')}
              message={failureMessage(thread.error, t('reply.failed'))}
              retryLabel={t('reply.retry')}
              onRetry={() => void thread.refetch()}
            />
          ))}
        {thread.data && (
          <>
            <Stack gap="xs">
              <Title order={1}>{t('reply.heading', { reference: thread.data.ticket.reference })}</Title>
              <Text>{t('reply.intro')}</Text>
            </Stack>
            <CustomerThread
              thread={thread.data}
              isSending={answer.isPending}
              onAnswer={(body, callbacks) => answer.mutate(body, callbacks)}
            />
          </>
        )}
      </Stack>
    </Container>
  );
}
