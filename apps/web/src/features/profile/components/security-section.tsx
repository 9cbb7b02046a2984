import { Badge, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/current-user';
import { MfaDisableForm } from './mfa-disable-form';
import { MfaSetup } from './mfa-setup';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { RegenerateCodesForm } from './regenerate-codes-form';
import { SectionCard } from './section-card';

/**
 * Two-step verification. New recovery codes are held here, above the on/off switch: turning MFA on refreshes the
 * session, which swaps the setup form for the "on" view, and the codes must still be on screen when that happens.
 */
export function SecuritySection() {
  const { t } = useTranslation('profile');
  const user = useCurrentUser();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [hasJustEnabled, setHasJustEnabled] = useState(false);

  if (recoveryCodes) {
    return (
      <SectionCard id="recovery-codes-heading" title={t('mfa.codesTitle')} intro={t('mfa.codesIntro')}>
        <RecoveryCodesPanel codes={recoveryCodes} email={user.email} onDone={() => setRecoveryCodes(null)} />
      </SectionCard>
    );
  }

  return (
    <SectionCard id="mfa-heading" title={t('mfa.title')} intro={t('mfa.intro')}>
      <Group gap="xs">
        <Text fw={600}>{t('mfa.status')}</Text>
        <Badge color={user.mfaEnabled ? 'green' : 'gray'} variant="light" data-testid="mfa-status">
          {user.mfaEnabled ? t('mfa.on') : t('mfa.off')}
        </Badge>
      </Group>
      {user.mfaSetupRequired && (
        <FormAlert tone="warning" title={t('mfa.requiredTitle')} data-testid="mfa-required">
          {t('mfa.requiredBody')}
        </FormAlert>
      )}
      {hasJustEnabled && user.mfaEnabled && (
        <FormAlert tone="success">
          {t('mfa.enabledNotice')}{' '}
          <Button component={Link} to={paths.dashboard()} variant="subtle" size="compact-sm">
            {t('mfa.toDashboard')}
          </Button>
        </FormAlert>
      )}
      {user.mfaEnabled ? (
        <>
          <RegenerateCodesForm onCodes={setRecoveryCodes} />
          <MfaDisableForm />
        </>
      ) : (
        <MfaSetup
          onEnabled={(codes) => {
            setHasJustEnabled(true);
            setRecoveryCodes(codes);
          }}
        />
      )}
    </SectionCard>
  );
}
