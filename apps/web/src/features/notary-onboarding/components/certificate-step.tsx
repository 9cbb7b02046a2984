import { Anchor, Button, FileInput, Paper, Stack, Text, Title } from '@mantine/core';
import type { NotaryProfile } from '@mohar/contracts';
import { FileKey } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SigningCertificateSummary } from '@/components/notary/signing-certificate-summary';
import { PasswordField } from '@/components/password-field';
import { TitledForm } from '@/components/titled-form';
import { showToast } from '@/components/toast-host';
import { API_BASE } from '@/lib/api-client';
import { failureMessage } from '@/lib/api-errors';
import { useContractForm } from '@/lib/use-contract-form';
import { useIssuePlatformCertificate } from '../api/issue-platform-certificate';
import { signingCertificateUpload, useUploadSigningCertificate } from '../api/upload-signing-certificate';
import type { OnboardingStep } from '../lib/steps';
import { StepFrame } from './step-frame';

const P12_ACCEPT = '.p12,.pfx,application/x-pkcs12';
const NO_UPLOAD: { file: File | null; passphrase: string } = { file: null, passphrase: '' };

/** Upload a PKCS#12 file with its passphrase. The server's message says exactly what is wrong with a file. */
function UploadCertificateForm() {
  const { t } = useTranslation('onboarding');
  const { t: tCommon } = useTranslation();
  const upload = useUploadSigningCertificate();
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: signingCertificateUpload,
    initialValues: NO_UPLOAD,
    translate: ({ field, message }) => (field === 'file' ? t('certificate.chooseFile') : message),
  });
  const onValid = onSubmit((request) =>
    upload.mutate(request, {
      onSuccess: () => {
        form.reset();
        void showToast({
          color: 'green',
          message: t('certificate.uploaded'),
          closeLabel: tCommon('close'),
        });
      },
      onError: (error) => showFailure(error, { fallback: t('certificate.failed') }),
    }),
  );

  return (
    <TitledForm
      headingId="certificate-upload-heading"
      title={t('certificate.uploadHeading')}
      heading={{ order: 3, size: 'h4' }}
      intro={t('certificate.uploadIntro')}
      failure={failure}
      failureTestId="certificate-error"
      submit={{ label: t('certificate.upload'), isPending: upload.isPending }}
      gap="sm"
      formRef={containerRef}
      onSubmit={onValid}
    >
      <FileInput
        label={t('certificate.file')}
        placeholder={t('documents.choose')}
        accept={P12_ACCEPT}
        required
        clearable
        {...form.getInputProps('file')}
        aria-invalid={form.errors.file ? true : undefined}
        // Mantine's placeholder grey is below WCAG AA contrast.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        leftSection={<FileKey size={16} aria-hidden="true" />}
        fileInputProps={{ 'data-testid': 'upload-signing-certificate' } as ComponentProps<'input'>}
      />
      <PasswordField
        label={t('certificate.passphrase')}
        description={t('certificate.passphraseHint')}
        name="passphrase"
        autoComplete="off"
        {...form.getInputProps('passphrase')}
      />
    </TitledForm>
  );
}

/** The platform CA's certificate, said plainly for what it is. */
function PlatformCertificate() {
  const { t } = useTranslation('onboarding');
  const { t: tCommon } = useTranslation();
  const issue = useIssuePlatformCertificate();
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <Stack gap="sm" component="section" aria-labelledby="certificate-platform-heading">
      <Title order={3} size="h4" id="certificate-platform-heading">
        {t('certificate.platformHeading')}
      </Title>
      <Text size="sm">{t('certificate.platformBody')}</Text>
      <Text size="sm" fw={600}>
        {t('certificate.platformHonest')}
      </Text>
      <Anchor href={`${API_BASE}/notaries/platform-ca.pem`} size="sm" download>
        {t('certificate.platformCaLink')}
      </Anchor>
      <Button variant="default" onClick={() => setIsConfirming(true)} style={{ alignSelf: 'flex-start' }}>
        {t('certificate.platformButton')}
      </Button>
      <ConfirmDialog
        opened={isConfirming}
        title={t('certificate.platformConfirmTitle')}
        body={t('certificate.platformConfirmBody')}
        confirmLabel={t('certificate.platformConfirm')}
        cancelLabel={t('certificate.cancel')}
        closeLabel={tCommon('close')}
        isPending={issue.isPending}
        onClose={() => setIsConfirming(false)}
        onConfirm={() =>
          issue.mutate(undefined, {
            onSuccess: () => {
              setIsConfirming(false);
              void showToast({
                color: 'green',
                message: t('certificate.platformIssued'),
                closeLabel: tCommon('close'),
              });
            },
            onError: (error) => {
              setIsConfirming(false);
              void showToast({
                color: 'red',
                message: failureMessage(error, t('certificate.platformFailed')),
                closeLabel: tCommon('close'),
              });
            },
          })
        }
      />
    </Stack>
  );
}

/** Step 4: the certificate every notarised PDF is digitally signed with. */
export function CertificateStep(props: { profile: NotaryProfile; onGoTo: (step: OnboardingStep) => void }) {
  const { t } = useTranslation('onboarding');
  return (
    <StepFrame step="certificate" onGoTo={props.onGoTo}>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="certificate-current-heading">
        <Stack gap="sm">
          <Title order={3} size="h4" id="certificate-current-heading">
            {t('certificate.current')}
          </Title>
          <SigningCertificateSummary certificate={props.profile.signingCertificate} />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <UploadCertificateForm />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <PlatformCertificate />
      </Paper>
    </StepFrame>
  );
}
