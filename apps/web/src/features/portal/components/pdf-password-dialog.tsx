import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { useContractForm } from '@/lib/use-contract-form';

/** Only the browser reads this password (it opens the PDF here), so no API contract describes it. */
const pdfPassword = z.object({ password: z.string().check(z.minLength(1)) });

/** An e-Aadhaar PDF is locked with a password; it is opened here, in the browser, and never sent to us. */
export function PdfPasswordDialog(props: {
  isWrong: boolean;
  onClose: () => void;
  onUnlock: (password: string) => void;
}) {
  const { t } = useTranslation('portal');
  const { form, onSubmit } = useContractForm({ schema: pdfPassword, initialValues: { password: '' } });
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('identity.pdfPassword.title')}
      closeButtonProps={{ 'aria-label': t('identity.close') }}
      data-testid="pdf-password-dialog"
    >
      <form onSubmit={onSubmit((request) => props.onUnlock(request.password))}>
        <Stack gap="sm">
          <Text size="sm">{t('identity.pdfPassword.intro')}</Text>
          <PasswordInput
            label={t('identity.pdfPassword.label')}
            {...form.getInputProps('password', { withError: false })}
            error={props.isWrong ? t('identity.pdfPassword.wrong') : undefined}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose}>
              {t('identity.cancel')}
            </Button>
            <Button type="submit" disabled={!form.values.password}>
              {t('identity.pdfPassword.open')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
