import { Button, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { LoadFailure, LoadingStatus } from '@/components/query-states';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-errors';
import { useMyTickets } from '../api/my-tickets';
import { TicketCards } from './ticket-cards';

/** /support/requests — the signed-in user's own support requests (issue 22). */
export function MyTicketsPage() {
  const { t } = useTranslation('support');
  const tickets = useMyTickets();
  return (
    <Stack gap="lg">
      <title>{`${t('mine.pageTitle')} · Mohar`}</title>
      <PageHeading title={t('mine.heading')} intro={t('mine.intro')} />
      <Button component={Link} to={paths.contact()} variant="default" style={{ alignSelf: 'flex-start' }}>
        {t('mine.newRequest')}
      </Button>
      {tickets.isPending && <LoadingStatus label={t('mine.loading')} />}
      {tickets.isError && (
        <LoadFailure
          title={t('mine.failed')}
          message={failureMessage(tickets.error, t('mine.failed'))}
          retryLabel={t('mine.retry')}
          onRetry={() => void tickets.refetch()}
        />
      )}
      {tickets.data &&
        (tickets.data.tickets.length === 0 ? (
          <Paper withBorder radius="md" p="xl" data-testid="my-tickets-empty">
            <Text fw={600}>{t('mine.empty')}</Text>
          </Paper>
        ) : (
          <TicketCards tickets={tickets.data.tickets} />
        ))}
    </Stack>
  );
}
