import { Stack, Text, Title } from '@mantine/core';
import type { SessionParticipant } from '@mohar/contracts';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IdentityCard } from './identity-card';

export type IdentityPanelProps = {
  applicationId: string;
  participants: SessionParticipant[];
  /** Live streams by participant id (`signatory:{id}`); null or missing while that person is not connected. */
  streams: Record<string, MediaStream | null>;
  /** False while a decision cannot be recorded (for example, the recording is not running). */
  canDecide: boolean;
  cannotDecideReason?: string;
  onDecided: () => void;
};

/**
 * The notary's identity checks: one card per signatory, in the application's order. Memoised, as each card: the
 * call's screen renders again on every connection step, the checks only when a stream or the session view
 * changed (decision 0036).
 */
export const IdentityPanel = memo(function IdentityPanel(props: IdentityPanelProps) {
  const { t } = useTranslation('call-panels');
  const headingId = useId();
  const signatories = props.participants.flatMap((participant) =>
    participant.role === 'signatory' && participant.signatoryId
      ? [{ participant, signatoryId: participant.signatoryId }]
      : [],
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="identity-panel">
      <Stack gap={4}>
        <Title order={2} size="h4" id={headingId}>
          {t('identity.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('identity.intro')}
        </Text>
      </Stack>
      {signatories.length === 0 ? (
        <Text size="sm">{t('identity.noSignatories')}</Text>
      ) : (
        signatories.map(({ participant, signatoryId }) => (
          <IdentityCard
            key={participant.participant}
            applicationId={props.applicationId}
            participant={participant}
            signatoryId={signatoryId}
            stream={props.streams[participant.participant] ?? null}
            canDecide={props.canDecide}
            cannotDecideReason={props.cannotDecideReason}
            onDecided={props.onDecided}
          />
        ))
      )}
    </Stack>
  );
});
