import { Image, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { identityReadReason, type Signatory } from '@mohar/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '@/components/reason-dialog';
import { failureMessage } from '@/lib/api-errors';
import { type IdentityImage, readIdentityImages } from '../api/identity-images';

const revoke = (images: IdentityImage[] | null) => {
  for (const image of images ?? []) if (image.url) URL.revokeObjectURL(image.url);
};

/**
 * An admin's look at a signatory's identity images: they say why first (kept in the audit trail with the read), may
 * be asked to confirm it is them (step-up), then see the card's two sides and the selfie. Nothing is cached. Fetched
 * on first open (identity-images-button.tsx), with Modal and the reason's zod check.
 */
export function IdentityImagesDialog(props: {
  opened: boolean;
  onClose: () => void;
  applicationId: string;
  signatory: Signatory;
}) {
  const { t } = useTranslation('applications');
  const { t: tCommon } = useTranslation();
  const [isPending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [images, setImages] = useState<IdentityImage[] | null>(null);
  // The object URLs go when the viewer closes or the page leaves.
  useEffect(() => () => revoke(images), [images]);

  const read = async (reason: string) => {
    setPending(true);
    setFailure(null);
    try {
      const found = await readIdentityImages({
        applicationId: props.applicationId,
        signatoryId: props.signatory._id,
        reason,
      });
      setImages(found);
    } catch (error) {
      setFailure(failureMessage(error, t('identityImages.failed')));
    } finally {
      setPending(false);
    }
  };
  const name = props.signatory.fullName;

  return (
    <>
      <ReasonDialog
        opened={props.opened && images === null}
        title={t('identityImages.title', { name })}
        intro={<Text size="sm">{t('identityImages.intro')}</Text>}
        label={t('identityImages.reasonLabel')}
        hint={t('identityImages.reasonHint')}
        maxLength={500}
        schema={identityReadReason}
        fallback={t('identityImages.reasonShort')}
        cancelLabel={t('identityImages.cancel')}
        confirmLabel={t('identityImages.confirm')}
        closeLabel={tCommon('close')}
        isPending={isPending}
        failure={failure}
        testIds={{ field: 'identity-images-reason', confirm: 'identity-images-confirm' }}
        onClose={() => {
          setFailure(null);
          props.onClose();
        }}
        onConfirm={(reason) => void read(reason)}
      />
      <Modal
        opened={props.opened && images !== null}
        onClose={() => {
          setImages(null);
          props.onClose();
        }}
        title={t('identityImages.title', { name })}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': tCommon('close') }}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="identity-images">
          {(images ?? []).map((image) => (
            <Stack key={image.kind} gap={4}>
              <Text size="sm" fw={600}>
                {t(`identityImages.kinds.${image.kind}`)}
              </Text>
              {image.url ? (
                <Image src={image.url} alt={t(`identityImages.alt.${image.kind}`, { name })} radius="sm" />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('identityImages.missing')}
                </Text>
              )}
            </Stack>
          ))}
        </SimpleGrid>
      </Modal>
    </>
  );
}
