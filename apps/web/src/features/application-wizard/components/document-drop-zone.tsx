import { useTranslation } from 'react-i18next';
import { PdfDropZone } from '@/components/pdf-drop-zone/pdf-drop-zone';

/** The wizard's upload: the shared drop zone; its hidden input carries `data-testid="document-input"`. */
export function DocumentDropZone(props: {
  onFile: (file: File) => void;
  disabled?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation('wizard');
  return (
    <PdfDropZone
      {...props}
      texts={{
        choose: t('document.choose'),
        dragHint: t('document.dragHint'),
        dropNow: t('document.dropNow'),
      }}
      testIds={{ zone: 'document-drop-zone', input: 'document-input' }}
    />
  );
}
