import { Button, FileButton, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { Application, ApplicationStep } from '@mohar/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApplicationDocumentPreview } from '@/components/application/application-document-preview';
import { FormAlert } from '@/components/form-alert';
import { CLIENT_ERROR_CODES, failureMessage, hasErrorCode } from '@/lib/api-errors';
import { primeApplicationDocument } from '@/lib/application-document';
import { useFailureFocus } from '@/lib/use-failure-focus';
import { useDocumentLimits } from '../api/get-document-limits';
import { uploadDocument } from '../api/upload-document';
import {
  bytesOfMegabytes,
  checkDocumentFile,
  type DocumentProblem,
  startsLikePdf,
} from '../lib/document-check';
import { refreshIfStale, storeApplication } from '../lib/store-application';
import { DocumentDropZone } from './document-drop-zone';
import { DocumentSummary } from './document-summary';
import { StepFrame } from './step-frame';
import { UploadProgress } from './upload-progress';

type Upload = { fileName: string; fraction: number } | null;

/** Step 1: the PDF to notarise — checked here first, uploaded with a progress bar, checked again by the server. */
export function DocumentStep(props: {
  application: Application;
  isActive: boolean;
  onGoTo: (step: ApplicationStep) => void;
}) {
  const { t } = useTranslation('wizard');
  const { application } = props;
  const queryClient = useQueryClient();
  const limits = useDocumentLimits();
  const [upload, setUpload] = useState<Upload>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const controllerRef = useRef<AbortController | null>(null);
  const replaceResetRef = useRef<() => void>(null);
  const { containerRef, focusFailure } = useFailureFocus<HTMLDivElement>();

  const fail = (message: string) => {
    setFailure(message);
    focusFailure();
  };

  const problemText = (problem: DocumentProblem) =>
    problem === 'too_large'
      ? t('document.tooLarge', { max: limits.maxMegabytes })
      : t(problem === 'empty' ? 'document.empty' : 'document.notPdf');

  const onFile = async (file: File) => {
    setFailure(null);
    setAnnouncement('');
    const problem = checkDocumentFile({ file, maxBytes: bytesOfMegabytes(limits.maxMegabytes) });
    if (problem) {
      fail(problemText(problem));
      return;
    }
    if (!(await startsLikePdf(file).catch(() => false))) {
      fail(t('document.notPdf'));
      return;
    }
    const controller = new AbortController();
    controllerRef.current = controller;
    setUpload({ fileName: file.name, fraction: 0 });
    setAnnouncement(t('document.uploading', { name: file.name }));
    try {
      const updated = await uploadDocument({
        id: application._id,
        file,
        signal: controller.signal,
        onProgress: (fraction) => setUpload({ fileName: file.name, fraction }),
      });
      if (updated.document)
        primeApplicationDocument(queryClient, { id: updated._id, sha256: updated.document.sha256, file });
      storeApplication(queryClient, updated);
      setFailure(null);
      setAnnouncement(t('document.uploaded', { name: file.name, count: updated.document?.pages ?? 0 }));
    } catch (error) {
      if (hasErrorCode(error, CLIENT_ERROR_CODES.aborted)) {
        setAnnouncement(controller.signal.aborted ? t('document.cancelled') : '');
        return;
      }
      refreshIfStale({ queryClient, id: application._id, error });
      setAnnouncement('');
      fail(
        hasErrorCode(error, CLIENT_ERROR_CODES.http) && error.status === 413
          ? t('document.tooLarge', { max: limits.maxMegabytes })
          : failureMessage(error, t('document.uploadFailed')),
      );
    } finally {
      if (controllerRef.current === controller) controllerRef.current = null;
      setUpload(null);
    }
  };

  const onNext = () => {
    if (upload) {
      fail(t('document.wait'));
      return false;
    }
    if (application.document) return true;
    fail(t('document.required'));
    return false;
  };

  const { document } = application;
  return (
    <StepFrame
      step="document"
      title={t('document.heading')}
      intro={t('document.intro')}
      onGoTo={props.onGoTo}
      onNext={onNext}
    >
      <Stack gap="md" ref={containerRef}>
        <Text size="sm" id="document-limits">
          {t('document.limits', { megabytes: limits.maxMegabytes, pages: limits.maxPages })}
        </Text>
        {failure && (
          <FormAlert tone="error" data-testid="document-error">
            {failure}
          </FormAlert>
        )}
        {upload ? (
          <Paper withBorder radius="md" p="md">
            <UploadProgress
              fileName={upload.fileName}
              fraction={upload.fraction}
              onCancel={() => controllerRef.current?.abort()}
            />
          </Paper>
        ) : document ? (
          <Stack gap="md">
            <Paper withBorder radius="md" p="md" data-testid="document-uploaded">
              <Group justify="space-between" gap="sm" align="center">
                <DocumentSummary document={document} />
                <FileButton
                  onChange={(file: File | null) => {
                    replaceResetRef.current?.();
                    if (file) void onFile(file);
                  }}
                  accept="application/pdf"
                  resetRef={replaceResetRef}
                  inputProps={{ 'data-testid': 'document-input' } as ComponentProps<'input'>}
                >
                  {(buttonProps) => (
                    <Button {...buttonProps} variant="default" aria-describedby="document-limits">
                      {t('document.replace')}
                    </Button>
                  )}
                </FileButton>
              </Group>
            </Paper>
            {props.isActive && (
              <ApplicationDocumentPreview applicationId={application._id} document={document} />
            )}
          </Stack>
        ) : (
          <DocumentDropZone onFile={(file) => void onFile(file)} describedBy="document-limits" />
        )}
        <VisuallyHidden role="status" aria-live="polite">
          {announcement}
        </VisuallyHidden>
      </Stack>
    </StepFrame>
  );
}
