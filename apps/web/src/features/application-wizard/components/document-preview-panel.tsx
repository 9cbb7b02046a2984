import { Alert, Button, Stack, Text } from '@mantine/core';
import type { Application } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { PdfPreview } from '@/components/pdf-preview/pdf-preview';
import { failureMessage } from '@/lib/api-errors';
import { useApplicationDocument } from '../api/get-document';

/** The uploaded PDF drawn with pdf.js: the file just picked, or the stored one for a resumed draft. */
export function DocumentPreviewPanel(props: {
  applicationId: string;
  document: NonNullable<Application['document']>;
  maxHeight?: number | string;
}) {
  const { t } = useTranslation('wizard');
  const file = useApplicationDocument({ id: props.applicationId, sha256: props.document.sha256 });
  if (file.isError) {
    return (
      <Alert color="yellow" variant="light" role="status">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{failureMessage(file.error, t('document.previewFailed'))}</Text>
          <Button size="xs" variant="default" onClick={() => void file.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <PdfPreview
      file={file.data ?? null}
      label={t('document.previewLabel', { name: props.document.fileName })}
      maxHeight={props.maxHeight}
    />
  );
}
