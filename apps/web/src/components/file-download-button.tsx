import { Button } from '@mantine/core';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { saveFile } from '@/lib/save-file';

/** Fetches a private file with the session and saves it; a failure shows a toast and the button can be pressed again. */
export function FileDownloadButton(props: {
  fetchFile: () => Promise<Blob>;
  fileName: string;
  label: string;
  ariaLabel?: string;
  /** The toast's title when the download fails. */
  failedTitle: string;
  size?: 'xs' | 'sm';
  testId: string;
}) {
  const { t: tCommon } = useTranslation();
  const [isPending, setIsPending] = useState(false);

  const onDownload = async () => {
    setIsPending(true);
    try {
      saveFile({ blob: await props.fetchFile(), fileName: props.fileName });
    } catch (error) {
      void showToast({
        color: 'red',
        title: props.failedTitle,
        message: failureMessage(error, props.failedTitle),
        closeLabel: tCommon('close'),
      });
    } finally {
      setIsPending(false);
    }
  };

  return (
    <Button
      variant="default"
      size={props.size ?? 'xs'}
      leftSection={<Download size={14} aria-hidden="true" />}
      loading={isPending}
      onClick={() => void onDownload()}
      aria-label={props.ariaLabel}
      data-testid={props.testId}
    >
      {props.label}
    </Button>
  );
}
