import { useTranslation } from 'react-i18next';
import { FileDownloadButton } from '@/components/file-download-button';
import { getApplicationDocument } from '@/lib/application-document';

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
  return (
    <FileDownloadButton
      fetchFile={() => getApplicationDocument(props.id)}
      fileName={props.fileName}
      label={props.label}
      ariaLabel={props.ariaLabel}
      failedTitle={t('download.failed')}
      size={props.size}
      testId="application-download"
    />
  );
}
