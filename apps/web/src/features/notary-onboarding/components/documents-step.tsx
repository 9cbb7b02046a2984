import { Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import type { NotaryDocumentKind, NotaryProfile } from '@mohar/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentPreview } from '@/components/notary/document-preview';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { ownDocumentPath, useUploadNotaryDocument } from '../api/upload-notary-document';
import type { OnboardingStep } from '../lib/steps';
import { DocumentFileInput } from './document-file-input';
import { SignaturePad } from './signature-pad';
import { StepFrame } from './step-frame';

/** One document: what is uploaded now, and the control that uploads or replaces it. */
function DocumentCard(props: {
  kind: NotaryDocumentKind;
  profile: NotaryProfile;
  hint: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('notaries');
  const { t: tOnboarding } = useTranslation('onboarding');
  const name = t(`documents.${props.kind}`);
  const document = props.profile.documents[props.kind];
  const headingId = `document-${props.kind}-heading`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={headingId}
      data-testid={`document-${props.kind}`}
    >
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          {name}
        </Title>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {tOnboarding('documents.current')}
          </Text>
          <DocumentPreview
            path={ownDocumentPath(props.kind)}
            document={document}
            name={name}
            maxHeight={180}
          />
        </Stack>
        {props.children ?? (
          <DocumentFileInput
            kind={props.kind}
            label={name}
            description={props.hint}
            name={name}
            hasFile={document !== null}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** The signature: drawn on the pad, or uploaded (the keyboard-friendly way). */
function SignatureInput({ profile }: { profile: NotaryProfile }) {
  const { t } = useTranslation('onboarding');
  const { t: tNotaries } = useTranslation('notaries');
  const { t: tCommon } = useTranslation();
  const upload = useUploadNotaryDocument();
  const name = tNotaries('documents.signature');
  const onUse = (png: Blob) =>
    upload.mutate(
      { kind: 'signature', file: png, fileName: t('signature.fileName') },
      {
        onSuccess: () =>
          void showToast({
            color: 'green',
            message: t('documents.uploaded', { name }),
            closeLabel: tCommon('close'),
          }),
        onError: (error) =>
          void showToast({
            color: 'red',
            message: failureMessage(error, t('documents.failed', { name })),
            closeLabel: tCommon('close'),
          }),
      },
    );
  return (
    <Stack gap="xs">
      <Text size="sm">{t('documents.signatureHint')}</Text>
      <Tabs defaultValue="draw" keepMounted={false}>
        <Tabs.List aria-label={t('signature.modeLabel')}>
          <Tabs.Tab value="draw">{t('signature.draw')}</Tabs.Tab>
          <Tabs.Tab value="upload">{t('signature.upload')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="draw" pt="sm">
          <SignaturePad onUse={onUse} isPending={upload.isPending} />
        </Tabs.Panel>
        <Tabs.Panel value="upload" pt="sm">
          <DocumentFileInput
            kind="signature"
            label={name}
            description={t('documents.signatureHint')}
            name={name}
            hasFile={profile.documents.signature !== null}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** Step 2: certificate of practice, photo and signature specimen. */
export function DocumentsStep(props: { profile: NotaryProfile; onGoTo: (step: OnboardingStep) => void }) {
  const { t } = useTranslation('onboarding');
  return (
    <StepFrame step="documents" onGoTo={props.onGoTo}>
      <DocumentCard kind="certificate" profile={props.profile} hint={t('documents.certificateHint')} />
      <DocumentCard kind="photo" profile={props.profile} hint={t('documents.photoHint')} />
      <DocumentCard kind="signature" profile={props.profile} hint="">
        <SignatureInput profile={props.profile} />
      </DocumentCard>
    </StepFrame>
  );
}
