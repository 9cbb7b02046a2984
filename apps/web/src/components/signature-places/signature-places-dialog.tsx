import { Button, Center, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { SignaturePlacesRequest } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { useSaveSignaturePlaces } from './save-signature-places';
import { type SignaturePlacesSide, useSignaturePlaces } from './signature-places-api';
import { SignaturePlacesEditor } from './signature-places-editor';

const PHONE_QUERY = '(max-width: 48em)';

export type SignaturePlacesDialogProps = {
  opened: boolean;
  onClose(): void;
  /** The owner in the wizard, or the notary in the session; both by the application's id. */
  side: SignaturePlacesSide;
  /** The uploaded PDF (the caller already has it for its own preview); null while it is being fetched. */
  file: Blob | null;
};

/**
 * The signature places editor in a dialog (full screen on a phone): reads the places for the side, saves them,
 * says so in a toast and closes.
 */
export function SignaturePlacesDialog(props: SignaturePlacesDialogProps) {
  // 'applications' holds the preview's own texts.
  const { t, ready } = useTranslation(['places', 'applications']);
  const { t: tCommon } = useTranslation('common');
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const places = useSignaturePlaces(props.side, { enabled: props.opened });
  const save = useSaveSignaturePlaces(props.side);

  const onClose = () => {
    if (save.isPending) return;
    save.reset();
    props.onClose();
  };

  const onSave = (request: SignaturePlacesRequest) => {
    save.mutate(request, {
      onSuccess: () => {
        void showToast({ color: 'green', message: t('saved'), closeLabel: tCommon('close') });
        save.reset();
        props.onClose();
      },
    });
  };

  const body = () => {
    if (!ready || places.isPending) {
      return (
        <Center mih={240} role="status">
          <Loader size="sm" aria-label={tCommon('loading')} />
        </Center>
      );
    }
    if (places.isError) {
      return (
        <FormAlert tone="error" title={t('loadFailed')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{failureMessage(places.error, t('loadFailed'))}</Text>
            <Button size="xs" variant="default" onClick={() => void places.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </FormAlert>
      );
    }
    return (
      <SignaturePlacesEditor
        file={props.file}
        places={places.data}
        isSaving={save.isPending}
        error={save.error}
        onSave={onSave}
        onCancel={onClose}
      />
    );
  };

  return (
    <Modal
      opened={props.opened}
      onClose={onClose}
      title={ready ? t('title') : ''}
      size="xl"
      fullScreen={isPhone}
      centered={!isPhone}
      // A stray tap beside the document must not throw the boxes away.
      closeOnClickOutside={false}
      closeOnEscape={!save.isPending}
      closeButtonProps={{ 'aria-label': tCommon('close'), disabled: save.isPending }}
      data-testid="places-dialog"
    >
      {body()}
    </Modal>
  );
}
