import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ActiveSession } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { formatNotificationDate } from '@/lib/format';
import { serverSentence } from '@/lib/i18n';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';
import { describeDevice } from '../lib/describe-device';
import { SectionCard } from './section-card';

function SessionRow(props: {
  session: ActiveSession;
  onEnd: (session: ActiveSession) => void;
  isEnding: boolean;
}) {
  const { t } = useTranslation('profile');
  const { session } = props;
  const device = describeDevice(session.userAgent);
  const name =
    device.browser && device.os
      ? t('sessions.deviceOn', { browser: device.browser, os: device.os })
      : (device.browser ?? device.os ?? t('sessions.unknownDevice'));
  return (
    <Paper withBorder radius="sm" p="sm" component="li" data-testid="session-row">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Group gap="xs">
            <Text fw={600}>{name}</Text>
            {session.current && (
              <Badge color="green" variant="light">
                {t('sessions.thisDevice')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('sessions.lastSeen', { when: formatNotificationDate(session.lastSeenAt) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('sessions.ip', { ip: session.ipAddress ?? t('sessions.unknown') })}
          </Text>
          {session.userAgent && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {session.userAgent}
            </Text>
          )}
        </Stack>
        {!session.current && (
          <Button
            variant="default"
            size="xs"
            loading={props.isEnding}
            onClick={() => props.onEnd(session)}
            aria-label={t('sessions.endNamed', {
              device: name,
              when: formatNotificationDate(session.lastSeenAt),
            })}
          >
            {t('sessions.end')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** Where the account is signed in, with a way to sign other devices out. */
export function ActiveSessions() {
  const { t } = useTranslation('profile');
  const { t: tCommon } = useTranslation();
  const sessions = useSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const [isConfirming, setIsConfirming] = useState(false);
  const toastError = (error: unknown) =>
    void showToast({
      color: 'red',
      message: failureMessage(error, t('sessions.failed')),
      closeLabel: tCommon('close'),
    });
  const toastDone = (message: string) =>
    void showToast({ color: 'green', message, closeLabel: tCommon('close') });

  const list = sessions.data?.data ?? [];
  const others = list.filter((session) => !session.current);

  return (
    <SectionCard id="sessions-heading" title={t('sessions.title')} intro={t('sessions.intro')}>
      {sessions.isPending && (
        <Group role="status" aria-live="polite" gap="sm">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('sessions.loading')}</Text>
        </Group>
      )}
      {sessions.isError && (
        <Alert color="red" variant="light" role="alert">
          {failureMessage(sessions.error, t('sessions.failed'))}
        </Alert>
      )}
      {sessions.isSuccess && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((session) => (
            <SessionRow
              key={session._id}
              session={session}
              isEnding={endSession.isPending && endSession.variables === session._id}
              onEnd={(target) =>
                endSession.mutate(target._id, {
                  onSuccess: (response) =>
                    toastDone(serverSentence(response.message, t('outcome.sessionEnded'))),
                  onError: toastError,
                })
              }
            />
          ))}
        </Stack>
      )}
      {sessions.isSuccess && others.length === 0 && <Text size="sm">{t('sessions.noOthers')}</Text>}
      {others.length > 0 && (
        <Button
          color="red"
          variant="light"
          onClick={() => setIsConfirming(true)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('sessions.endOthers')}
        </Button>
      )}
      <ConfirmDialog
        opened={isConfirming}
        title={t('sessions.confirmTitle')}
        body={t('sessions.confirmBody', { count: others.length })}
        confirmLabel={t('sessions.confirm')}
        cancelLabel={t('cancel')}
        closeLabel={tCommon('close')}
        isDestructive
        isPending={endOthers.isPending}
        onClose={() => setIsConfirming(false)}
        onConfirm={() =>
          endOthers.mutate(undefined, {
            onSuccess: (response) => {
              setIsConfirming(false);
              toastDone(
                serverSentence(response.message, t('outcome.othersEnded', { count: response.ended })),
              );
            },
            onError: (error) => {
              setIsConfirming(false);
              toastError(error);
            },
          })
        }
      />
    </SectionCard>
  );
}
