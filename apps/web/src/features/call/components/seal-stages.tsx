import { List, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import type { SealStage } from '@mohar/contracts';
import { Check, Circle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SEAL_STEPS, sealStepState } from '../lib/seal-steps';

/**
 * Sealing's stages as they happen (finishing the recording, stamping, signing, timestamping), for the notary and the
 * signatories alike: each line says what is being done now, what is done, what comes next.
 */
export function SealStages({ stage }: { stage: SealStage }) {
  const { t } = useTranslation('call');
  return (
    <Stack gap="xs" data-testid="seal-stages" data-stage={stage}>
      <Text size="sm" fw={600}>
        {t('room.sealStages.title')}
      </Text>
      <List spacing={4} size="sm" center listStyleType="none" aria-live="polite">
        {SEAL_STEPS.map((step) => {
          const state = sealStepState(step, stage);
          return (
            <List.Item
              key={step}
              data-state={state}
              icon={
                state === 'done' ? (
                  <ThemeIcon size={18} radius="xl" color="green" aria-hidden="true">
                    <Check size={12} />
                  </ThemeIcon>
                ) : state === 'current' ? (
                  <Loader size={16} aria-hidden="true" />
                ) : (
                  <Circle size={16} aria-hidden="true" color="var(--mantine-color-gray-5)" />
                )
              }
            >
              <Text
                size="sm"
                fw={state === 'current' ? 600 : 400}
                c={state === 'upcoming' ? 'dimmed' : undefined}
              >
                {t(`room.sealStages.${step}.${state}`)}
              </Text>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
