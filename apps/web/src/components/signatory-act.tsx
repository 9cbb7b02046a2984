import { Badge, Stack, Text } from '@mantine/core';
import type { ApplicationStatus, SignatoryAct, SignatoryProgress } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { ACT_STAGE_COLOURS, actStageOf, SIGNATORY_PROGRESS_COLOURS } from '@/lib/signatory-progress';

/**
 * A signatory's badge: their portal progress until the act, then what the record says happened (identity confirmed
 * or not, signed, notarised). The portal and the owner's view show the same facts.
 */
export function SignatoryStageBadge(props: {
  progress: SignatoryProgress;
  progressLabel: string;
  act: SignatoryAct;
  status: ApplicationStatus;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const stage = actStageOf(props.act, props.status);
  return (
    <Badge
      variant="light"
      color={stage ? ACT_STAGE_COLOURS[stage] : SIGNATORY_PROGRESS_COLOURS[props.progress]}
      style={{ flexShrink: 0 }}
      styles={{ label: { textTransform: 'none' } }}
      data-testid={props.testId}
      data-progress={props.progress}
      data-stage={stage ?? props.progress}
    >
      {stage ? t(`signatoryAct.stage.${stage}`) : props.progressLabel}
    </Badge>
  );
}

/** The facts under a signatory's name: the notary's identity decision (never its note) and when they signed. */
export function SignatoryActFacts({ act }: { act: SignatoryAct }) {
  const { t } = useTranslation('common');
  if (!act.identity && !act.signedAt) return null;
  return (
    <Stack
      gap={0}
      data-testid="signatory-act"
      data-identity={act.identity ?? ''}
      data-signed={Boolean(act.signedAt)}
    >
      {act.identity && (
        <Text size="sm" c={act.identity === 'confirmed' ? undefined : 'red.8'}>
          {t(
            act.identity === 'confirmed'
              ? 'signatoryAct.identityConfirmed'
              : 'signatoryAct.identityNotConfirmed',
          )}
        </Text>
      )}
      {act.signedAt && (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {t('signatoryAct.signedAt', { time: formatDateTime(act.signedAt) })}
        </Text>
      )}
    </Stack>
  );
}
