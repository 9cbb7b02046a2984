import { Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { APPLICATION_STEPS, type Application, type ApplicationStep } from '@mohar/contracts';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DraftSaver, SaveState } from '../lib/draft-saver';
import { isStepComplete } from '../lib/steps';
import { DetailsStep } from './details-step';
import { DocumentStep } from './document-step';
import { NotaryStep } from './notary-step';
import { ReviewStep } from './review-step';
import { SignatoriesStep } from './signatories-step';

// Five labelled steps side by side need a wide screen; narrower ones list them one above the other.
const WIDE_QUERY = '(min-width: 62em)';

/**
 * The five steps. The editing steps stay mounted (hidden when not current) so what is typed survives moving
 * between steps while its save is still on the way.
 */
export function WizardStepper(props: {
  application: Application;
  step: ApplicationStep;
  saver: DraftSaver;
  saveState: SaveState;
  onGoTo: (step: ApplicationStep) => void;
}) {
  const { t } = useTranslation('wizard');
  const { application, step, saver } = props;
  const isWide = useMediaQuery(WIDE_QUERY, false, { getInitialValueInEffect: false });
  const active = APPLICATION_STEPS.indexOf(step);

  const content = (item: ApplicationStep) => {
    const isActive = item === step;
    switch (item) {
      case 'document':
        return <DocumentStep application={application} isActive={isActive} onGoTo={props.onGoTo} />;
      case 'notary':
        return (
          <NotaryStep application={application} saver={saver} isActive={isActive} onGoTo={props.onGoTo} />
        );
      case 'signatories':
        return <SignatoriesStep application={application} saver={saver} onGoTo={props.onGoTo} />;
      case 'details':
        return <DetailsStep application={application} saver={saver} onGoTo={props.onGoTo} />;
      case 'review':
        // Review holds nothing typed: it is drawn only while open, from the latest saved application.
        return isActive ? (
          <ReviewStep
            application={application}
            saver={saver}
            saveState={props.saveState}
            onGoTo={props.onGoTo}
          />
        ) : null;
    }
  };

  return (
    <Stepper
      active={active}
      onStepClick={(index) => {
        const target = APPLICATION_STEPS[index];
        if (target) props.onGoTo(target);
      }}
      allowNextStepsSelect
      keepMounted
      orientation={isWide ? 'horizontal' : 'vertical'}
      size="sm"
      data-testid="wizard-stepper"
    >
      {APPLICATION_STEPS.map((item, index) => {
        const isComplete = isStepComplete(item, application.missing);
        // Mantine ticks every step before the current one; these ticks follow what is really complete.
        const icon =
          isComplete && item !== 'review' ? <CircleCheck size={18} aria-hidden="true" /> : index + 1;
        return (
          <Stepper.Step
            key={item}
            label={t(`steps.${item}`)}
            description={
              item === 'review'
                ? t(isComplete ? 'steps.readyToSubmit' : 'steps.notReady')
                : t(isComplete ? 'steps.done' : 'steps.todo')
            }
            icon={icon}
            completedIcon={icon}
            color={isComplete && item !== 'review' ? 'green' : undefined}
            aria-current={item === step ? 'step' : undefined}
            data-testid={`step-${item}`}
            data-complete={isComplete}
          >
            {content(item)}
          </Stepper.Step>
        );
      })}
    </Stepper>
  );
}
