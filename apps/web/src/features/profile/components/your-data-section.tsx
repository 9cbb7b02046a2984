import { Alert, Anchor, Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { GRIEVANCE_OFFICER } from '@mohar/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { useCurrentUser } from '@/lib/current-user';
import { formatDateTime } from '@/lib/format';
import {
  useCancelDataRequest,
  usePrivacyStatus,
  useRequestErasure,
  useRequestWithdrawal,
} from '../api/privacy';
import { SectionCard } from './section-card';

/** The grievance officer's name and address (DPDP Act §8(10)): in the profile as on the privacy page. */
export function GrievanceContact() {
  const { t } = useTranslation('profile');
  return (
    <Text size="sm" data-testid="grievance-contact">
      {t('privacy.grievance', { name: GRIEVANCE_OFFICER.name, days: GRIEVANCE_OFFICER.responseDays })}{' '}
      <Anchor href={`mailto:${GRIEVANCE_OFFICER.email}`} underline="always">
        {GRIEVANCE_OFFICER.email}
      </Anchor>
    </Text>
  );
}

/** The profile's "Your data" block: the grievance officer, and withdrawing consent or asking for erasure. */
export function YourDataSection() {
  const { t } = useTranslation('profile');
  const { t: tCommon } = useTranslation();
  const user = useCurrentUser();
  const status = usePrivacyStatus();
  const withdraw = useRequestWithdrawal();
  const erase = useRequestErasure();
  const cancel = useCancelDataRequest();
  const [kind, setKind] = useState<'withdrawal' | 'erasure'>('withdrawal');
  const [text, setText] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = status.data?.pending ?? null;
  const isClient = user.role === 'client';

  const onSend = () => {
    setIsConfirming(false);
    setFailure(null);
    const mutation = kind === 'withdrawal' ? withdraw : erase;
    mutation.mutate(text, {
      onSuccess: () => {
        setText('');
        void showToast({ color: 'green', message: t(`privacy.sent.${kind}`), closeLabel: tCommon('close') });
      },
      onError: (error) => setFailure(failureMessage(error, t('privacy.failed'))),
    });
  };

  return (
    <SectionCard id="profile-privacy-heading" title={t('privacy.title')} intro={t('privacy.intro')}>
      <GrievanceContact />
      {isClient && pending && (
        <Alert color="orange" title={t(`privacy.pending.${pending.kind}`)} data-testid="pending-data-request">
          <Stack gap="xs">
            <Text size="sm">
              {pending.kind === 'withdrawal'
                ? t('privacy.pending.withdrawalWhen', { date: formatDateTime(pending.effectiveAt) })
                : t('privacy.pending.erasureWhen')}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('privacy.pending.yourText', { text: pending.text })}
            </Text>
            <Button
              variant="default"
              style={{ alignSelf: 'flex-start' }}
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(pending._id, {
                  onSuccess: () =>
                    void showToast({
                      color: 'green',
                      message: t('privacy.cancelled'),
                      closeLabel: tCommon('close'),
                    }),
                  onError: (error) => setFailure(failureMessage(error, t('privacy.failed'))),
                })
              }
            >
              {t('privacy.cancel')}
            </Button>
          </Stack>
        </Alert>
      )}
      {isClient && !pending && status.isSuccess && (
        <Stack gap="sm" maw={560}>
          <Radio.Group
            label={t('privacy.kindLabel')}
            value={kind}
            onChange={(value) => setKind(value === 'erasure' ? 'erasure' : 'withdrawal')}
          >
            <Stack gap={6} mt={6}>
              <Radio value="withdrawal" label={t('privacy.kind.withdrawal')} />
              <Radio value="erasure" label={t('privacy.kind.erasure')} />
            </Stack>
          </Radio.Group>
          <Text size="sm" c="dimmed">
            {t(`privacy.explain.${kind}`)}
          </Text>
          <Textarea
            label={t('privacy.textLabel')}
            description={t('privacy.textHint')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            minRows={3}
            autosize
            maxLength={2000}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group>
            <Button
              color="red"
              variant="light"
              disabled={text.trim().length < 10}
              loading={withdraw.isPending || erase.isPending}
              onClick={() => setIsConfirming(true)}
            >
              {t(`privacy.send.${kind}`)}
            </Button>
          </Group>
        </Stack>
      )}
      <ConfirmDialog
        opened={isConfirming}
        title={t(`privacy.confirm.${kind}Title`)}
        body={t(`privacy.confirm.${kind}`)}
        confirmLabel={t(`privacy.send.${kind}`)}
        cancelLabel={t('privacy.keepAccount')}
        closeLabel={tCommon('close')}
        isDestructive
        onConfirm={onSend}
        onClose={() => setIsConfirming(false)}
      />
    </SectionCard>
  );
}
