import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { Refund } from '@mohar/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PagedList } from '@/components/paged-list';
import { StepUpHostOnDemand } from '@/components/step-up-host-on-demand';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { formatInr } from '@/lib/format';
import { useApproveRefund } from '../api/approve-refund';
import { useAdminRefunds } from '../api/get-admin-refunds';
import { useRejectRefund } from '../api/reject-refund';
import {
  REFUND_FILTERS,
  type RefundFilter,
  type RefundQueueState,
  refundQueueParams,
  refundQueueStateOf,
} from '../lib/refund-queue';
import { RefundList } from './refund-list';
import { RejectDialog } from './reject-dialog';

type Decision = { kind: 'approve' | 'reject'; refund: Refund };

function OverdueCount({ count }: { count: number | undefined }) {
  const { t } = useTranslation('admin-refunds');
  if (count === undefined) return null;
  return (
    <Badge
      size="lg"
      color={count > 0 ? 'red.9' : 'gray'}
      variant={count > 0 ? 'filled' : 'light'}
      data-testid="refund-overdue-count"
      data-count={count}
    >
      {count > 0 ? t('overdueCount', { count }) : t('noneOverdue')}
    </Badge>
  );
}

/** /admin/refunds — refund requests, open ones first by due date: approve (credits the wallet) or reject. */
export function AdminRefundsPage() {
  const { t } = useTranslation('admin-refunds');
  const { t: tCommon } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = refundQueueStateOf(searchParams);
  const list = useAdminRefunds(state);
  const approve = useApproveRefund();
  const reject = useRejectRefund();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Set in the click itself, before any re-render: a second click of the same burst sends nothing.
  const isSending = useRef(false);

  const go = (next: RefundQueueState, options: { replace?: boolean } = {}) =>
    setSearchParams(refundQueueParams(next), { replace: options.replace, preventScrollReset: true });

  // A page past the end (requests were decided since the link was made): show the last page instead.
  const lastPage = list.data?.totalPages ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the page count only.
  useEffect(() => {
    if (lastPage > 0 && state.page > lastPage) go({ ...state, page: lastPage }, { replace: true });
  }, [lastPage, state.page]);

  const busyId = approve.isPending
    ? (approve.variables ?? null)
    : reject.isPending
      ? (reject.variables?.id ?? null)
      : null;

  const open = (next: Decision) => {
    setFailure(null);
    setDecision(next);
  };
  const close = () => {
    setDecision(null);
    setFailure(null);
  };

  const onApprove = () => {
    // One request per click, however fast the clicks: the server credits once anyway, the UI does not ask twice.
    if (!decision || isSending.current) return;
    isSending.current = true;
    const { refund } = decision;
    approve.mutate(refund._id, {
      onSettled: () => {
        isSending.current = false;
      },
      onSuccess: (done) => {
        close();
        void showToast({
          color: 'green',
          message: t('approve.done', { amount: formatInr(done.amountPaise), client: done.clientName }),
          closeLabel: tCommon('close'),
        });
      },
      onError: (error) => setFailure(failureMessage(error, t('actions.failed'))),
    });
  };

  const onReject = (reason: string) => {
    if (!decision || isSending.current) return;
    isSending.current = true;
    const { refund } = decision;
    reject.mutate(
      { id: refund._id, reason },
      {
        onSettled: () => {
          isSending.current = false;
        },
        onSuccess: (done) => {
          close();
          void showToast({
            color: 'green',
            message: t('reject.done', { client: done.clientName }),
            closeLabel: tCommon('close'),
          });
        },
        onError: (error) => setFailure(failureMessage(error, t('actions.failed'))),
      },
    );
  };

  const amount = decision ? formatInr(decision.refund.amountPaise) : '';
  const client = decision?.refund.clientName ?? '';

  return (
    <Stack gap="lg" data-testid="admin-refunds-page">
      <title>{`${t('title')} · Mohar`}</title>
      <StepUpHostOnDemand />
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4} maw={760}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </Stack>
        <OverdueCount count={list.data?.overdueCount} />
      </Group>

      <NativeSelect
        label={t('filter')}
        data={REFUND_FILTERS.map((status) => ({ value: status, label: t(`filters.${status}`) }))}
        value={state.status}
        onChange={(event) => go({ status: event.currentTarget.value as RefundFilter, page: 1 })}
        w={{ base: '100%', xs: 240 }}
        data-testid="refunds-status-filter"
      />

      {list.isPending ? (
        <Stack gap="sm" role="status" aria-label={t('loading')} data-testid="refunds-loading">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={64} radius="md" />
          ))}
        </Stack>
      ) : list.isError ? (
        <Alert color="red" variant="light" role="alert" title={t('failed')} data-testid="refunds-failed">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{failureMessage(list.error, t('failed'))}</Text>
            <Button size="xs" variant="default" onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : list.data.refunds.length === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="refunds-empty">
          <Text fw={600}>{t(`empty.${state.status}`)}</Text>
        </Paper>
      ) : (
        <PagedList
          count={t('count', { count: list.data.total })}
          countTestId="refunds-count"
          isLoadingNext={list.isPlaceholderData}
          page={list.data.page}
          totalPages={list.data.totalPages}
          onPage={(page) => go({ ...state, page })}
          pagesLabel={t('pages')}
        >
          <RefundList
            refunds={list.data.refunds}
            actions={{
              busyId,
              onApprove: (refund) => open({ kind: 'approve', refund }),
              onReject: (refund) => open({ kind: 'reject', refund }),
            }}
          />
        </PagedList>
      )}

      <ConfirmDialog
        opened={decision?.kind === 'approve'}
        title={t('approve.title')}
        body={t('approve.body', { amount, client })}
        failure={decision?.kind === 'approve' ? failure : null}
        confirmLabel={t('approve.confirm')}
        cancelLabel={t('actions.cancel')}
        closeLabel={tCommon('close')}
        isPending={approve.isPending}
        onClose={close}
        onConfirm={onApprove}
      />
      <RejectDialog
        key={decision?.kind === 'reject' ? decision.refund._id : 'closed'}
        opened={decision?.kind === 'reject'}
        clientName={client}
        amount={amount}
        isPending={reject.isPending}
        failure={decision?.kind === 'reject' ? failure : null}
        onClose={close}
        onConfirm={onReject}
      />
    </Stack>
  );
}
