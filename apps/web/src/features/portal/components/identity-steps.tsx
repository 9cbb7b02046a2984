import { Alert, Button, Stack, Text } from '@mantine/core';
import type { IdentityDocumentKind, IdentityStatus } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { failureMessage } from '@/lib/api-errors';
import { useSubmitIdentity } from '../api/identity';
import classes from './identity.module.css';
import { IdentitySlot } from './identity-slot';

const uploadedAt = (status: IdentityStatus | undefined, kind: IdentityDocumentKind) =>
  status?.documents.find((document) => document.kind === kind)?.uploadedAt;

/** What the Secure QR on the back showed, in words; anything but verified is left to the notary, calmly. */
export function QrResult(props: { qr: IdentityStatus['qr'] }) {
  const { t } = useTranslation('portal');
  const { qr } = props;
  if (!qr) return null;
  const isVerified = qr.outcome === 'verified';
  return (
    <Alert
      color={isVerified ? 'green' : 'yellow'}
      variant="light"
      p="xs"
      data-testid="qr-result"
      data-outcome={qr.outcome}
      title={t(`identity.qr.${qr.outcome}.title`)}
    >
      <Text size="sm">{t(`identity.qr.${qr.outcome}.body`, { masked: qr.aadhaarMasked ?? '' })}</Text>
    </Alert>
  );
}

/** Step 3: both sides of the card, each masked as the signatory chooses before it is sent. */
export function AadhaarStep(props: { token: string; status: IdentityStatus | undefined }) {
  const { t } = useTranslation('portal');
  return (
    <Stack gap="sm">
      <Text size="sm">{t('identity.aadhaar.intro')}</Text>
      <Alert color="blue" variant="light" p="xs" title={t('identity.aadhaar.maskedTitle')}>
        <Text size="sm">{t('identity.aadhaar.maskedBody')}</Text>
      </Alert>
      <div className={classes.slots}>
        <IdentitySlot
          token={props.token}
          kind="aadhaar_front"
          title={t('identity.aadhaar.front')}
          hint={t('identity.aadhaar.frontHint')}
          facing="environment"
          isMasked
          acceptsPdf
          uploadedAt={uploadedAt(props.status, 'aadhaar_front')}
        />
        <IdentitySlot
          token={props.token}
          kind="aadhaar_back"
          title={t('identity.aadhaar.back')}
          hint={t('identity.aadhaar.backHint')}
          facing="environment"
          scansQr
          isMasked
          acceptsPdf
          uploadedAt={uploadedAt(props.status, 'aadhaar_back')}
        >
          <QrResult qr={props.status?.qr ?? null} />
        </IdentitySlot>
      </div>
    </Stack>
  );
}

/** Step 4: a selfie for the notary's face check, then everything is sent for checking. */
export function SelfieStep(props: { token: string; status: IdentityStatus | undefined }) {
  const { t } = useTranslation('portal');
  const submit = useSubmitIdentity(props.token);
  const [failure, setFailure] = useState<string | null>(null);
  const hasSelfie = Boolean(uploadedAt(props.status, 'selfie'));
  return (
    <Stack gap="sm">
      <IdentitySlot
        token={props.token}
        kind="selfie"
        title={t('identity.selfie.title')}
        hint={t('identity.selfie.hint')}
        facing="user"
        isMasked={false}
        acceptsPdf={false}
        uploadedAt={uploadedAt(props.status, 'selfie')}
      />
      {failure && <FormAlert tone="error">{failure}</FormAlert>}
      <Text size="sm" c="dimmed">
        {t('identity.submitHint')}
      </Text>
      <Button
        className={classes.submit}
        disabled={!hasSelfie}
        loading={submit.isPending}
        onClick={() => {
          setFailure(null);
          submit.mutate(undefined, {
            onError: (error) => setFailure(failureMessage(error, t('identity.submitFailed'))),
          });
        }}
        data-testid="identity-submit"
      >
        {t('identity.submit')}
      </Button>
    </Stack>
  );
}
