import { Anchor, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import type { AdminSupportTicketResponse } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DefinitionGrid } from '@/components/definition-grid';
import { MessageComposer } from '@/components/message-composer';
import { MessageThread, type ThreadEntry } from '@/components/message-thread';
import { LoadFailure, LoadingStatus } from '@/components/query-states';
import { SectionPanel } from '@/components/section-panel';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format';
import { useTicket } from '../api/get-ticket';
import { useAddNote, useReply } from '../api/ticket-actions';
import { TicketControls } from './ticket-controls';
import { ResponseTime, TicketBadges } from './ticket-list';

function useThreadEntries(data: AdminSupportTicketResponse): ThreadEntry[] {
  const { t } = useTranslation('admin-support');
  const { ticket } = data;
  return [
    {
      id: ticket._id,
      author: ticket.name,
      body: ticket.message,
      createdAt: ticket.createdAt,
      tone: 'customer',
    },
    ...data.messages.map(
      (m): ThreadEntry => ({
        id: m._id,
        author: m.kind === 'customer' ? ticket.name : (m.author?.name ?? t('formerAdmin')),
        body: m.body,
        createdAt: m.createdAt,
        tone: m.kind === 'customer' ? 'customer' : m.kind === 'reply' ? 'team' : 'note',
        ...(m.kind === 'note' ? { badge: t('note.badge') } : {}),
      }),
    ),
  ];
}

function Composer({ id }: { id: string }) {
  const { t } = useTranslation('admin-support');
  const reply = useReply(id);
  const note = useAddNote(id);
  const translateIssue = ({ code, message }: { code: string; message: string }) =>
    t(`errors.${code}`, { defaultValue: message });
  return (
    <Tabs defaultValue="reply" keepMounted={false}>
      <Tabs.List aria-label={t('composer.label')}>
        <Tabs.Tab value="reply" data-testid="composer-reply">
          {t('reply.tab')}
        </Tabs.Tab>
        <Tabs.Tab value="note" data-testid="composer-note">
          {t('note.tab')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="reply" pt="md">
        <MessageComposer
          label={t('reply.label')}
          description={t('reply.description')}
          submitLabel={t('reply.submit')}
          failureTitle={t('reply.failed')}
          translateIssue={translateIssue}
          isPending={reply.isPending}
          testId="reply-form"
          onSend={(body, done, failed) => reply.mutate(body, { onSuccess: done, onError: failed })}
        />
      </Tabs.Panel>
      <Tabs.Panel value="note" pt="md">
        <MessageComposer
          label={t('note.label')}
          description={t('note.description')}
          submitLabel={t('note.submit')}
          failureTitle={t('note.failed')}
          translateIssue={translateIssue}
          isPending={note.isPending}
          testId="note-form"
          color="yellow"
          onSend={(body, done, failed) => note.mutate(body, { onSuccess: done, onError: failed })}
        />
      </Tabs.Panel>
    </Tabs>
  );
}

function TicketView({ data }: { data: AdminSupportTicketResponse }) {
  const { t } = useTranslation('admin-support');
  const { t: tc } = useTranslation('contact');
  const { ticket } = data;
  const entries = useThreadEntries(data);
  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={1}>{t('ticket.heading', { reference: ticket.reference })}</Title>
        <TicketBadges ticket={ticket} />
      </Group>
      <TicketControls data={data} />
      <SectionPanel labelledBy="ticket-details" testId="ticket-details" p="md">
        <Stack gap="sm">
          <Title order={2} size="h4" id="ticket-details">
            {t('ticket.details')}
          </Title>
          <DefinitionGrid
            rows={[
              [t('ticket.from'), `${ticket.name} <${ticket.email}>`],
              [t('ticket.phone'), ticket.phone ?? t('ticket.none')],
              [t('ticket.topic'), tc(`topics.${ticket.topic}`)],
              [t('ticket.received'), formatDateTime(ticket.createdAt)],
            ]}
          />
          <Text size="sm">
            <ResponseTime ticket={ticket} />
          </Text>
          <Group gap="md">
            {ticket.userId && (
              <Anchor component={Link} to={paths.admin.client(ticket.userId)} size="sm">
                {t('ticket.account')}
              </Anchor>
            )}
            {ticket.applicationId && (
              <Anchor component={Link} to={paths.applications.view(ticket.applicationId)} size="sm">
                {t('ticket.application')}
              </Anchor>
            )}
          </Group>
        </Stack>
      </SectionPanel>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('ticket.thread')}
        </Title>
        <MessageThread entries={entries} label={t('ticket.thread')} testId="admin-thread" />
      </Stack>
      {ticket.status === 'closed' ? <Text>{t('ticket.closedNote')}</Text> : null}
      <Composer id={ticket._id} />
    </Stack>
  );
}

/** /admin/support/:id — one ticket: details, status and assignee, the thread with notes, reply and note forms. */
export function AdminTicketPage() {
  const { t } = useTranslation('admin-support');
  const id = useParams().id ?? '';
  const query = useTicket(id);
  return (
    <Stack gap="lg">
      <title>{`${t('title')} · Mohar`}</title>
      <Anchor component={Link} to={paths.admin.support()} size="sm">
        {t('back')}
      </Anchor>
      {query.isPending && <LoadingStatus label={t('loading')} />}
      {query.isError && (
        <LoadFailure
          title={t('failed')}
          message={failureMessage(query.error, t('failed'))}
          retryLabel={t('retry')}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.data && <TicketView data={query.data} />}
    </Stack>
  );
}
