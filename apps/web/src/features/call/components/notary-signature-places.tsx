import { SignaturePlacesSection } from '@/components/signature-places/signature-places-section';
import { useSessionDocument } from './document-panel';

/**
 * The notary may adjust where people sign until the first signature (then the boxes are on the document itself).
 * The file is the session's document before any signature: the same one the panel beside it shows.
 */
export function NotarySignaturePlaces(props: { applicationId: string }) {
  const document = useSessionDocument({ applicationId: props.applicationId, version: 0 });
  return (
    <SignaturePlacesSection
      side={{ kind: 'notary', applicationId: props.applicationId }}
      file={document.data ?? null}
    />
  );
}
