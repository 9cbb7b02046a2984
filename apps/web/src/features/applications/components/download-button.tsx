import { Button } from '@mantine/core';
import type { ApplicationStatus } from '@mohar/contracts';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FileDownloadButton } from '@/components/file-download-button';
import { HoverHint } from '@/components/hover-hint';
import { getNotarisedDocument, notarisedDownloadStateOf, notarisedFileName } from '@/lib/notarised-document';

/**
 * Downloads an application's notarised PDF (spec: "Download" in the Application List). While the application can
 * still be notarised the button shows disabled and says why; drafts and applications that ended show none.
 */
export function DownloadButton(props: {
  id: string;
  status: ApplicationStatus;
  title: string | null;
  label: string;
  ariaLabel?: string;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation('applications');
  const state = notarisedDownloadStateOf(props.status);
  if (state === 'none') return null;

  if (state === 'ready') {
    return (
      <FileDownloadButton
        fetchFile={() => getNotarisedDocument(props.id)}
        fileName={notarisedFileName(props.title)}
        label={props.label}
        ariaLabel={props.ariaLabel}
        failedTitle={t('download.notarisedFailed')}
        size={props.size}
        testId="application-download"
      />
    );
  }

  // Not `disabled`: a disabled button takes no focus and no hover, so its reason could not be read. It stays in the
  // tab order, says it is unavailable (aria-disabled) and why (the hint, its description), and does nothing when
  // pressed.
  return (
    <HoverHint label={t('download.notYet')} maxWidth="16.25rem">
      {(hintId) => (
        <Button
          variant="default"
          size={props.size ?? 'xs'}
          leftSection={<Download size={14} aria-hidden="true" />}
          data-disabled
          aria-disabled="true"
          aria-label={props.ariaLabel}
          aria-describedby={hintId}
          onClick={(event) => event.preventDefault()}
          data-testid="application-download"
          data-available="false"
        >
          {props.label}
        </Button>
      )}
    </HoverHint>
  );
}
