import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import type { SealStage } from '@mohar/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getSealStatus, sealKeys } from '../api/seal';
import { isSealing } from '../lib/seal-steps';
import { SealStages } from './seal-stages';

/** How often a running seal is asked about: it takes about a second, a retry after a crash up to a minute. */
const POLL_MS = 2000;

/**
 * The notary's view of a seal that is under way or failed, also after a reload: "Sealing…" while it runs (the page
 * follows it to the end), or the failure with a retry. Nothing is shown before the first attempt.
 */
export function SealProgress(props: {
  applicationId: string;
  /** The stage the call last heard of; without one (a reload mid-way) the line says only that it runs. */
  stage: SealStage | null;
  isRetrying: boolean;
  onRetry(): void;
  onDone(): void;
}) {
  const { t } = useTranslation('call');
  const status = useQuery({
    queryKey: sealKeys.status(props.applicationId),
    queryFn: ({ signal }) => getSealStatus(props.applicationId, signal),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? POLL_MS : false),
  });
  const state = status.data?.status;
  const onDone = useRef(props.onDone);
  onDone.current = props.onDone;
  useEffect(() => {
    if (state === 'done') onDone.current();
  }, [state]);

  if (state === 'running' || props.isRetrying)
    return (
      <Alert color="blue" variant="light" role="status" data-testid="seal-running">
        {isSealing(props.stage) ? (
          <SealStages stage={props.stage} />
        ) : (
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm">{t('room.sealRunning')}</Text>
          </Group>
        )}
      </Alert>
    );
  if (state === 'failed')
    return (
      <Alert color="red" variant="light" role="alert" title={t('room.sealFailed')} data-testid="seal-failed">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{status.data?.lastError ?? t('room.sealFailedHint')}</Text>
          <Button size="xs" color="red" onClick={props.onRetry} data-testid="seal-retry">
            {t('room.sealRetry')}
          </Button>
        </Group>
      </Alert>
    );
  return null;
}
