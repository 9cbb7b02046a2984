import { Button, Group, Stack, Text } from '@mantine/core';
import { PenLine } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogOnDemand } from '@/lib/dialog-on-demand';
import { type SignaturePlacesSide, useSignaturePlaces } from './signature-places-api';
import { SignaturePlacesSummary } from './signature-places-summary';

// The editor (its dialog, the PDF's pages, the form's parts and the contract's check) is fetched when opened.
const SignaturePlacesDialog = dialogOnDemand(() =>
  import('./signature-places-dialog').then((m) => m.SignaturePlacesDialog),
);

/**
 * "Where they sign": one line saying where the signatures go, and the button that opens the editor (or shows the
 * places once they can no longer change). For the wizard's review, the application view and the notary's call.
 */
export function SignaturePlacesSection(props: {
  side: SignaturePlacesSide;
  file: Blob | null;
  title?: string;
  /** The editor is opened: the caller fetches the PDF now if it has not got it yet. */
  onOpen?(): void;
}) {
  const { t, ready } = useTranslation('places');
  const places = useSignaturePlaces(props.side);
  const [isOpen, setOpen] = useState(false);
  if (!ready) return null;
  const isEditable = places.data?.isEditable !== false;
  return (
    <Stack gap={4} data-testid="places-section">
      <Text size="sm" fw={600}>
        {props.title ?? t('section.title')}
      </Text>
      <Group justify="space-between" gap="sm" wrap="wrap">
        {places.data ? (
          <SignaturePlacesSummary places={places.data} />
        ) : (
          <Text size="sm" c="dimmed">
            {places.isError ? t('loadFailed') : t('section.loading')}
          </Text>
        )}
        <Button
          size="xs"
          variant="default"
          leftSection={<PenLine size={14} aria-hidden="true" />}
          onClick={() => {
            props.onOpen?.();
            setOpen(true);
          }}
          data-testid="places-open"
        >
          {isEditable ? t('section.open') : t('section.view')}
        </Button>
      </Group>
      <SignaturePlacesDialog
        opened={isOpen}
        onClose={() => setOpen(false)}
        side={props.side}
        file={props.file}
      />
    </Stack>
  );
}
