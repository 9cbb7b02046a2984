import { useState } from 'react';
import { useApplicationDocument } from '@/lib/application-document';
import { SignaturePlacesSection } from './signature-places-section';

/** The owner's "Where they sign". The PDF is fetched once the editor opens (or is already here for a preview). */
export function OwnerSignaturePlaces(props: { applicationId: string; document: { sha256: string } }) {
  const [isWanted, setWanted] = useState(false);
  const file = useApplicationDocument({
    id: props.applicationId,
    sha256: props.document.sha256,
    enabled: isWanted,
  });
  return (
    <SignaturePlacesSection
      side={{ kind: 'owner', applicationId: props.applicationId }}
      file={file.data ?? null}
      onOpen={() => setWanted(true)}
    />
  );
}
