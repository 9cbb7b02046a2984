import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PdfPreview } from '@/components/pdf-preview/pdf-preview';
import { failureMessage } from '@/lib/api-errors';
import { useApplicationDocument } from '@/lib/application-document';

/** An application's stored PDF drawn with pdf.js (wizard and view), with a retry when it cannot be fetched. */
export function ApplicationDocumentPreview(props: {
  applicationId: string;
  document: { fileName: string; sha256: string };
  maxHeight?: number | string;
}) {
  const { t } = useTranslation('applications');
  const file = useApplicationDocument({ id: props.applicationId, sha256: props.document.sha256 });
  if (file.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('document.fetchFailed')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{failureMessage(file.error, t('document.fetchFailed'))}</Text>
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
      failureHint={t('document.previewFailedHint')}
    />
  );
}
