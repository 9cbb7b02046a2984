import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { CustomerSupportThreadResponse } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageComposer } from '@/components/message-composer';
import { MessageThread, type ThreadEntry } from '@/components/message-thread';
import { formatDateTime } from '@/lib/format';
import { STATUS_COLOR } from '@/lib/support-status';

/**
 * What a customer sees of their request (by the e-mailed link or signed in): their first message, the team's
 * replies and their answers, and a form to answer. The team's internal notes never reach this page.
 */
export function CustomerThread(props: {
  thread: CustomerSupportThreadResponse;
  isSending: boolean;
  onAnswer: (body: string, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
}) {
  const { t } = useTranslation('support');
  const { t: tc } = useTranslation('contact');
  const [isSent, setIsSent] = useState(false);
  const { ticket, messages } = props.thread;
  const entries: ThreadEntry[] = [
    {
      id: ticket._id,
      author: t('thread.you'),
      body: ticket.message,
      createdAt: ticket.createdAt,
      tone: 'customer',
    },
    ...messages.map(
      (m): ThreadEntry => ({
        id: m._id,
        author: m.kind === 'reply' ? t('thread.team') : t('thread.you'),
        body: m.body,
        createdAt: m.createdAt,
        tone: m.kind === 'reply' ? 'team' : 'customer',
      }),
    ),
  ];
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Badge color={STATUS_COLOR[ticket.status]} variant="light" data-testid="ticket-status">
          {t('thread.statusLabel', { status: t(`status.${ticket.status}`) })}
        </Badge>
        <Text size="sm">{t('thread.topic', { topic: tc(`topics.${ticket.topic}`) })}</Text>
        <Text size="sm" c="dimmed">
          {t('thread.sent', { date: formatDateTime(ticket.createdAt) })}
        </Text>
      </Group>
      <MessageThread entries={entries} label={t('thread.label')} testId="customer-thread" />
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('answer.label')}
        </Title>
        {ticket.status === 'closed' && <Text size="sm">{t('answer.closedNote')}</Text>}
        {isSent && (
          <Text size="sm" role="status" c="teal">
            {t('answer.sent')}
          </Text>
        )}
        <MessageComposer
          label={t('answer.label')}
          description={t('answer.description')}
          submitLabel={t('answer.submit')}
          failureTitle={t('answer.failedTitle')}
          translateIssue={({ code, message }) => t(`answer.errors.${code}`, { defaultValue: message })}
          isPending={props.isSending}
          testId="answer-form"
          onSend={(body, done, failed) =>
            props.onAnswer(body, {
              onSuccess: () => {
                done();
                setIsSent(true);
              },
              onError: (error) => {
                setIsSent(false);
                failed(error);
              },
            })
          }
        />
      </Stack>
    </Stack>
  );
}
