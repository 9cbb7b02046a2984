import { FileInput, Loader, Stack, Text } from '@mantine/core';
import type { NotaryDocumentKind } from '@mohar/contracts';
import { Upload } from 'lucide-react';
import { type ComponentProps, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { useUploadNotaryDocument } from '../api/upload-notary-document';
import { acceptOf, checkDocumentFile, type FileProblem } from '../lib/file-rules';

/**
 * Choosing a file uploads it at once (the server checks its content); problems are shown under the field. The
 * hidden file input carries `data-testid="upload-<kind>"`.
 */
export function DocumentFileInput(props: {
  kind: NotaryDocumentKind;
  label: string;
  description: string;
  /** The document's name in messages ("Photo uploaded."). */
  name: string;
  hasFile: boolean;
}) {
  const { t } = useTranslation('onboarding');
  const { t: tCommon } = useTranslation();
  const upload = useUploadNotaryDocument();
  const [error, setError] = useState<string | null>(null);
  // The field never holds the file, so the same file can be chosen again (after an error, say).
  const resetRef = useRef<() => void>(null);

  const problemText = (problem: FileProblem) =>
    problem === 'wrong_type'
      ? t(props.kind === 'certificate' ? 'documents.wrongType_certificate' : 'documents.wrongType_image')
      : t(problem === 'too_large' ? 'documents.tooLarge' : 'documents.empty');

  const onChange = (file: File | null) => {
    setError(null);
    resetRef.current?.();
    if (!file) return;
    const problem = checkDocumentFile({ kind: props.kind, file });
    if (problem) {
      setError(problemText(problem));
      return;
    }
    upload.mutate(
      { kind: props.kind, file, fileName: file.name },
      {
        onSuccess: () =>
          void showToast({
            color: 'green',
            message: t('documents.uploaded', { name: props.name }),
            closeLabel: tCommon('close'),
          }),
        onError: (failed) => setError(failureMessage(failed, t('documents.failed', { name: props.name }))),
      },
    );
  };

  return (
    <Stack gap={4}>
      <FileInput
        label={props.label}
        description={props.description}
        placeholder={t(props.hasFile ? 'documents.chooseReplacement' : 'documents.choose')}
        accept={acceptOf(props.kind)}
        // The file is uploaded as soon as it is chosen; the field is ready for the next one.
        value={null}
        onChange={onChange}
        resetRef={resetRef}
        error={error}
        aria-invalid={error ? true : undefined}
        // Mantine's placeholder grey is below WCAG AA contrast.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        leftSection={
          upload.isPending ? <Loader size="xs" aria-hidden="true" /> : <Upload size={16} aria-hidden="true" />
        }
        fileInputProps={{ 'data-testid': `upload-${props.kind}` } as ComponentProps<'input'>}
      />
      <Text size="sm" role="status" aria-live="polite">
        {upload.isPending ? t('documents.uploading', { name: props.name }) : ''}
      </Text>
    </Stack>
  );
}
