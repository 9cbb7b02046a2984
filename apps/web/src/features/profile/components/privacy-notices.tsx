import { Alert, Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format';
import { useAcceptPrivacyNotice, usePrivacyStatus } from '../api/privacy';
import { GrievanceContact } from './your-data-section';

/**
 * Wherever the person is signed in: a banner while their account is due to close (with the date, and the way to
 * cancel), and a dialog that must be answered when the privacy notice changed since they last accepted it.
 */
export function PrivacyNotices() {
  const { t } = useTranslation('profile');
  const status = usePrivacyStatus();
  const accept = useAcceptPrivacyNotice();
  const [failure, setFailure] = useState<string | null>(null);
  // Opened one render after the answer arrives, never mounted open: Mantine's Modal notes the element to give focus
  // back to when `opened` changes, so once accepted the person continues where they were, not from the page's top.
  const mustAccept = status.data?.privacyNotice.mustAccept ?? false;
  const [isAsking, setIsAsking] = useState(false);
  useEffect(() => setIsAsking(mustAccept), [mustAccept]);
  if (!status.data) return null;
  const { pending, privacyNotice } = status.data;
  return (
    <>
      {pending && (
        <Alert
          color="orange"
          mb="md"
          role="status"
          data-testid="closure-banner"
          title={t(`privacy.pending.${pending.kind}`)}
        >
          <Text size="sm">
            {pending.kind === 'withdrawal'
              ? t('privacy.pending.withdrawalWhen', { date: formatDateTime(pending.effectiveAt) })
              : t('privacy.pending.erasureWhen')}{' '}
            <Anchor component={Link} to={paths.profile.view()} underline="always">
              {t('privacy.pending.manage')}
            </Anchor>
          </Text>
        </Alert>
      )}
      <Modal
        opened={isAsking && privacyNotice.mustAccept}
        onClose={() => undefined}
        withCloseButton={false}
        closeOnEscape={false}
        closeOnClickOutside={false}
        centered
        title={t('privacy.notice.title')}
      >
        <Stack gap="md">
          <Text>{t('privacy.notice.body', { version: privacyNotice.version })}</Text>
          <Anchor component={Link} to={paths.legal.privacy()} target="_blank">
            {t('privacy.notice.read')}
          </Anchor>
          <GrievanceContact />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Button
            loading={accept.isPending}
            data-testid="accept-privacy-notice"
            onClick={() =>
              accept.mutate(privacyNotice.version, {
                onError: (error) => setFailure(failureMessage(error, t('privacy.failed'))),
              })
            }
          >
            {t('privacy.notice.accept')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
