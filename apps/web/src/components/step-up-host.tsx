import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { failureMessage } from '@/lib/api-errors';
import { useCurrentUser } from '@/lib/current-user';
import { confirmIdentity, stepUpStore } from '@/lib/step-up';

/**
 * Loaded by StepUpHostOnDemand (components/step-up-host-on-demand.tsx). The dialog that asks an admin to confirm it is them before a sensitive action (decision 0054): the password, or
 * the authenticator's code when two-step verification is on. A screen with such actions mounts it once.
 */
export function StepUpHost() {
  const { t } = useTranslation('step-up');
  const user = useCurrentUser();
  const isOpen = useSyncExternalStore(stepUpStore.subscribe, stepUpStore.isOpen);
  const [value, setValue] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const withCode = user.mfaEnabled;
  // Mounted closed for one render, then opened: Mantine's Modal notes where to give focus back when `opened`
  // changes, not on mount (as lib/dialog-on-demand does).
  const [isMounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const finish = (proven: boolean) => {
    setValue('');
    setFailure(null);
    stepUpStore.settle(proven);
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    if (!value.trim()) {
      setFailure(withCode ? t('codeMissing') : t('passwordMissing'));
      return;
    }
    setPending(true);
    try {
      await confirmIdentity(withCode ? { code: value.trim() } : { password: value });
      finish(true);
    } catch (error) {
      setFailure(failureMessage(error, t('failed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      opened={isOpen && isMounted}
      onClose={() => finish(false)}
      title={t('title')}
      centered
      // Above the dialog whose action asked for it (a reason dialog is often still open beneath).
      zIndex={400}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <form onSubmit={onSubmit} noValidate data-testid="step-up-form">
        <Stack gap="md">
          <Text size="sm">{withCode ? t('introCode') : t('introPassword')}</Text>
          {withCode ? (
            <TextInput
              label={t('code')}
              autoComplete="one-time-code"
              inputMode="numeric"
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              data-autofocus
              data-testid="step-up-code"
            />
          ) : (
            <PasswordInput
              label={t('password')}
              autoComplete="current-password"
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              data-autofocus
              data-testid="step-up-password"
            />
          )}
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => finish(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={isPending} data-testid="step-up-confirm">
              {t('confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
