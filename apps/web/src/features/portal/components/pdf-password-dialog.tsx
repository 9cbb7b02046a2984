import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** An e-Aadhaar PDF is locked with a password; it is opened here, in the browser, and never sent to us. */
export function PdfPasswordDialog(props: {
  isWrong: boolean;
  onClose: () => void;
  onUnlock: (password: string) => void;
}) {
  const { t } = useTranslation('portal');
  const [password, setPassword] = useState('');
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('identity.pdfPassword.title')}
      closeButtonProps={{ 'aria-label': t('identity.close') }}
      data-testid="pdf-password-dialog"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (password) props.onUnlock(password);
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('identity.pdfPassword.intro')}</Text>
          <PasswordInput
            label={t('identity.pdfPassword.label')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={props.isWrong ? t('identity.pdfPassword.wrong') : undefined}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose}>
              {t('identity.cancel')}
            </Button>
            <Button type="submit" disabled={!password}>
              {t('identity.pdfPassword.open')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
