import { Alert, Button, Group, NativeSelect } from '@mantine/core';
import type { AdminSupportTicketResponse, SupportTicketStatus } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { failureMessage } from '@/lib/api-errors';
import { useAssign, useSetStatus } from '../api/ticket-actions';

/** The moves offered from each status (the server enforces the same list; a reply moves to waiting by itself). */
const MOVES: Record<SupportTicketStatus, ReadonlyArray<Exclude<SupportTicketStatus, 'new'>>> = {
  new: ['open', 'closed'],
  open: ['waiting_on_customer', 'closed'],
  waiting_on_customer: ['open', 'closed'],
  closed: ['open'],
};

/** Status and assignee of a ticket. Closing asks first: the customer's link then reopens it only by answering. */
export function TicketControls({ data }: { data: AdminSupportTicketResponse }) {
  const { t } = useTranslation('admin-support');
  const { ticket } = data;
  const setStatus = useSetStatus(ticket._id);
  const assign = useAssign(ticket._id);
  const [isClosing, setIsClosing] = useState(false);
  const failed = setStatus.error ?? assign.error;
  return (
    <>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('assign.label')}
          value={ticket.assignee?._id ?? ''}
          disabled={assign.isPending}
          onChange={(event) => assign.mutate(event.currentTarget.value || null)}
          data={[
            { value: '', label: t('unassigned') },
            ...data.assignees.map((a) => ({ value: a._id, label: a.name })),
          ]}
          miw={220}
          data-testid="ticket-assignee"
        />
        {MOVES[ticket.status].map((status) => (
          <Button
            key={status}
            variant={status === 'closed' ? 'outline' : 'default'}
            color={status === 'closed' ? 'red' : undefined}
            loading={setStatus.isPending && setStatus.variables === status}
            onClick={() => (status === 'closed' ? setIsClosing(true) : setStatus.mutate(status))}
            data-testid={`ticket-move-${status}`}
          >
            {t(`moves.${status}`)}
          </Button>
        ))}
      </Group>
      {failed && !isClosing && (
        <Alert color="red" variant="light" role="alert" title={t('actionFailed')}>
          {failureMessage(failed, t('actionFailed'))}
        </Alert>
      )}
      <ConfirmDialog
        opened={isClosing}
        title={t('close.title', { reference: ticket.reference })}
        body={t('close.body')}
        confirmLabel={t('close.confirm')}
        cancelLabel={t('close.cancel')}
        closeLabel={t('close.cancel')}
        isPending={setStatus.isPending}
        isDestructive
        failure={setStatus.error ? failureMessage(setStatus.error, t('actionFailed')) : undefined}
        confirmTestId="ticket-close-confirm"
        onConfirm={() => setStatus.mutate('closed', { onSuccess: () => setIsClosing(false) })}
        onClose={() => {
          setIsClosing(false);
          setStatus.reset();
        }}
      />
    </>
  );
}
