import { Button } from '@mantine/core';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { getApplicationDocument } from '@/lib/application-document';
import { saveFile } from '../lib/save-file';

/**
 * Downloads an application's PDF. Until sealing lands (a later release) this is the document as uploaded; the
 * sealing work points it at the notarised file.
 */
export function DownloadButton(props: {
  id: string;
  fileName: string;
  label: string;
  ariaLabel?: string;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation('applications');
  const { t: tCommon } = useTranslation();
  const [isPending, setIsPending] = useState(false);

  const onDownload = async () => {
    setIsPending(true);
    try {
      const blob = await getApplicationDocument(props.id);
      saveFile({ blob, fileName: props.fileName });
    } catch (error) {
      void showToast({
        color: 'red',
        title: t('download.failed'),
        message: failureMessage(error, t('download.failed')),
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
      data-testid="application-download"
    >
      {props.label}
    </Button>
  );
}
