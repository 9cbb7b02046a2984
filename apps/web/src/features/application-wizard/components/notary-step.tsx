import { Badge, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  APPLICATION_ERROR_CODES,
  type Application,
  type ApplicationDraftRequest,
  type ApplicationStep,
  type DirectoryNotary,
} from '@mohar/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { errorMessage, hasErrorCode } from '@/lib/api-errors';
import { missingText } from '@/lib/missing-text';
import { useFailureFocus } from '@/lib/use-failure-focus';
import { updateApplication, updateApplicationOnExit } from '../api/update-application';
import type { DraftSaver } from '../lib/draft-saver';
import { refreshIfStale, storeApplication } from '../lib/store-application';
import { NotaryOption } from './notary-option';
import { NotaryPicker } from './notary-picker';
import { StepFrame } from './step-frame';
import classes from './wizard.module.css';

type Choice = 'first_available' | 'named';

/** Step 2: the first available notary (fastest), or one picked by name from the directory. */
export function NotaryStep(props: {
  application: Application;
  saver: DraftSaver;
  isActive: boolean;
  onGoTo: (step: ApplicationStep) => void;
}) {
  const { t } = useTranslation('wizard');
  // What is missing is worded with the application's view (the applications namespace).
  const { t: missingT } = useTranslation('applications');
  const { application, saver } = props;
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<Choice | null>(application.notaryChoice);
  // Kept apart from the list: the chosen notary stays on screen whatever the search shows.
  const [selected, setSelected] = useState<DirectoryNotary | null>(application.notary);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { containerRef, focusFailure } = useFailureFocus<HTMLDivElement>();

  const save = (changes: ApplicationDraftRequest) => {
    setRefusal(null);
    saver.schedule('notary', async ({ keepalive }) => {
      if (keepalive) {
        await updateApplicationOnExit({ id: application._id, changes });
        return 'saved';
      }
      try {
        storeApplication(queryClient, await updateApplication({ id: application._id, changes }));
        return 'saved';
      } catch (error) {
        if (
          hasErrorCode(error, APPLICATION_ERROR_CODES.notaryUnavailable) ||
          hasErrorCode(error, APPLICATION_ERROR_CODES.notaryNotInHouse)
        ) {
          setRefusal(errorMessage(error));
          return 'invalid';
        }
        refreshIfStale({ queryClient, id: application._id, error });
        throw error;
      }
    });
  };

  // What the server still holds against the saved choice (the notary became unavailable, or the organisation now
  // takes only its own notaries, decision 0091): shown in the same place as a refusal.
  const standing = application.notaryChoice
    ? application.missing.find((item) => item.step === 'notary')
    : undefined;
  const notaryProblem = refusal ?? (standing ? missingText(standing, missingT) : null);

  const onChoice = (value: string) => {
    const next = value === 'named' ? 'named' : 'first_available';
    setChoice(next);
    setProblem(null);
    if (next === 'first_available') save({ notaryChoice: 'first_available', notaryId: null });
    else if (selected) save({ notaryChoice: 'named', notaryId: selected._id });
  };

  const onSelect = (notary: DirectoryNotary) => {
    setSelected(notary);
    setProblem(null);
    save({ notaryChoice: 'named', notaryId: notary._id });
  };

  const onNext = () => {
    const missing = !choice
      ? t('notary.required')
      : choice === 'named' && !selected
        ? t('notary.pickOne')
        : null;
    if (refusal) {
      focusFailure();
      return false;
    }
    if (!missing) return true;
    setProblem(missing);
    focusFailure();
    return false;
  };

  return (
    <StepFrame
      step="notary"
      title={t('notary.heading')}
      intro={t('notary.intro')}
      onGoTo={props.onGoTo}
      onNext={onNext}
    >
      <Stack gap="lg" ref={containerRef}>
        {problem && <FormAlert tone="error">{problem}</FormAlert>}
        <Radio.Group value={choice} onChange={onChoice} label={t('notary.choiceLabel')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="xs">
            <Radio.Card
              value="first_available"
              radius="md"
              className={classes.choiceCard}
              data-testid="choice-first-available"
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Radio.Indicator aria-hidden="true" mt={2} />
                <Stack gap={4}>
                  <Group gap="xs">
                    <Text span fw={600}>
                      {t('notary.firstAvailable')}
                    </Text>
                    <Badge color="green" variant="light">
                      {t('notary.recommended')}
                    </Badge>
                  </Group>
                  <Text span size="sm" c="dimmed">
                    {t('notary.firstAvailableHint')}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
            <Radio.Card value="named" radius="md" className={classes.choiceCard} data-testid="choice-named">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Radio.Indicator aria-hidden="true" mt={2} />
                <Stack gap={4}>
                  <Text span fw={600}>
                    {t('notary.named')}
                  </Text>
                  <Text span size="sm" c="dimmed">
                    {t('notary.namedHint')}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          </SimpleGrid>
        </Radio.Group>
        {notaryProblem && (
          <FormAlert tone="error" title={t('notary.unavailableTitle')} data-testid="notary-unavailable">
            {notaryProblem}
          </FormAlert>
        )}
        {choice === 'named' && (
          <Stack gap="md">
            <Paper withBorder radius="md" p="md" data-testid="selected-notary" aria-live="polite">
              <Stack gap="xs">
                <Title order={3} size="h5">
                  {t('notary.yourNotary')}
                </Title>
                {selected ? (
                  <NotaryOption notary={selected} />
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('notary.noneSelected')}
                  </Text>
                )}
              </Stack>
            </Paper>
            <NotaryPicker selectedId={selected?._id ?? null} onSelect={onSelect} isEnabled={props.isActive} />
          </Stack>
        )}
      </Stack>
    </StepFrame>
  );
}
