import { Button } from '@mantine/core';
import type { Signatory } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogOnDemand } from '@/lib/dialog-on-demand';

// Fetched on first open, with Mantine's Modal and the reason's zod check (decision 0025): owners never load it.
const IdentityImagesDialog = dialogOnDemand(() =>
  import('./identity-images-dialog').then((m) => m.IdentityImagesDialog),
);

/** For admins, on a signatory who has submitted their identity: opens the reason, step-up and image viewer. */
export function IdentityImagesButton(props: { applicationId: string; signatory: Signatory }) {
  const { t } = useTranslation('applications');
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant="default" onClick={() => setOpen(true)} data-testid="identity-images-open">
        {t('identityImages.button')}
      </Button>
      <IdentityImagesDialog
        key={isOpen ? 'open' : 'closed'}
        opened={isOpen}
        onClose={() => setOpen(false)}
        applicationId={props.applicationId}
        signatory={props.signatory}
      />
    </>
  );
}
