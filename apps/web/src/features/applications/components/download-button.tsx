import { Button, Tooltip, VisuallyHidden } from '@mantine/core';
import type { ApplicationStatus } from '@mohar/contracts';
import { Download } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDownloadButton } from '@/components/file-download-button';
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
  const hintId = useId();
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
  // tab order, says it is unavailable (aria-disabled) and why (the hint), and does nothing when pressed.
  return (
    <>
      <Tooltip
        label={t('download.notYet')}
        withArrow
        multiline
        maw={260}
        events={{ hover: true, focus: true, touch: true }}
      >
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
      </Tooltip>
      <VisuallyHidden id={hintId}>{t('download.notYet')}</VisuallyHidden>
    </>
  );
}
