import {
  Button,
  ColorSwatch,
  Group,
  Loader,
  Paper,
  Radio,
  SimpleGrid,
  Slider,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { NOTARY_ERROR_CODES, type NotaryProfile } from '@mohar/contracts';
import { INPUT_DEBOUNCE_MS } from '@mohar/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { DocumentPreview } from '@/components/notary/document-preview';
import { showToast } from '@/components/toast-host';
import { failureMessage, hasErrorCode } from '@/lib/api-errors';
import { useGenerateSeal } from '../api/generate-seal';
import { useSealPreview } from '../api/preview-seal';
import { ownDocumentPath } from '../api/upload-notary-document';
import {
  DEFAULT_SEAL_LAYOUT,
  SEAL_INKS,
  SEAL_SIZE_MM,
  type SealLayout,
  svgDataUrl,
} from '../lib/seal-layout';
import type { OnboardingStep } from '../lib/steps';
import { DocumentFileInput } from './document-file-input';
import classes from './onboarding.module.css';
import { StepFrame } from './step-frame';

const SIZE_MARKS = [40, 45, 50, 55, 60].map((value) => ({ value, label: `${value}` }));

/** Step 3: the round seal drawn from the details, previewed live as the layout changes; or an uploaded image. */
export function SealStep(props: { profile: NotaryProfile; onGoTo: (step: OnboardingStep) => void }) {
  const { t } = useTranslation('onboarding');
  const { t: tNotaries } = useTranslation('notaries');
  const { t: tCommon } = useTranslation();
  const { profile } = props;
  // Opens at the layout of the seal generated last, if any.
  const [layout, setLayout] = useState<SealLayout>(profile.sealLayout ?? DEFAULT_SEAL_LAYOUT);
  const [debouncedLayout] = useDebouncedValue(layout, INPUT_DEBOUNCE_MS);
  const hasSealDetails = Boolean(
    profile.fullName &&
      profile.areaOfPractice &&
      profile.registrationNumber &&
      profile.appointingGovernment &&
      profile.commissionExpiresOn,
  );
  const preview = useSealPreview(debouncedLayout, { enabled: hasSealDetails });
  const generate = useGenerateSeal();
  const [failure, setFailure] = useState<string | null>(null);
  const needsDetails = !hasSealDetails || hasErrorCode(preview.error, NOTARY_ERROR_CODES.incomplete);
  const isDrawing = preview.isFetching || layout !== debouncedLayout;

  const set = <K extends keyof SealLayout>(key: K, value: SealLayout[K]) =>
    setLayout((current) => ({ ...current, [key]: value }));

  const onUse = () => {
    setFailure(null);
    generate.mutate(layout, {
      onSuccess: () =>
        void showToast({ color: 'green', message: t('seal.saved'), closeLabel: tCommon('close') }),
      onError: (error) => setFailure(failureMessage(error, t('seal.failed'))),
    });
  };

  const sealName = tNotaries('documents.seal');
  return (
    <StepFrame step="seal" onGoTo={props.onGoTo}>
      {needsDetails ? (
        <FormAlert tone="info">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('seal.needsDetails')}</Text>
            <Button variant="default" size="xs" onClick={() => props.onGoTo('details')}>
              {t('seal.goToDetails')}
            </Button>
          </Stack>
        </FormAlert>
      ) : (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="seal-preview-heading">
          <Stack gap="md">
            <Title order={3} size="h4" id="seal-preview-heading">
              {t('seal.preview')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <Stack gap="xs" align="center">
                <div className={classes.sealPreview} data-testid="seal-preview">
                  {preview.data ? (
                    <img
                      src={svgDataUrl(preview.data)}
                      alt={t('seal.previewAlt', {
                        name: profile.fullName,
                        area: profile.areaOfPractice,
                        registrationNumber: profile.registrationNumber,
                        government: profile.appointingGovernment,
                      })}
                    />
                  ) : preview.isError ? (
                    <Text size="sm" c="var(--mantine-color-error)" p="md" role="alert">
                      {failureMessage(preview.error, t('seal.previewFailed'))}
                    </Text>
                  ) : null}
                  {isDrawing && <Loader size="sm" className={classes.previewBusy} aria-hidden="true" />}
                </div>
                <Text size="sm" role="status" aria-live="polite" c="dimmed">
                  {isDrawing ? t('seal.previewLoading') : ''}
                </Text>
              </Stack>
              <Stack gap="md">
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('seal.size')}: {t('seal.sizeValue', { size: layout.sizeMm })}
                  </Text>
                  <Slider
                    min={SEAL_SIZE_MM.min}
                    max={SEAL_SIZE_MM.max}
                    step={SEAL_SIZE_MM.step}
                    marks={SIZE_MARKS}
                    value={layout.sizeMm}
                    onChange={(value) => set('sizeMm', value)}
                    label={(value) => t('seal.sizeValue', { size: value })}
                    thumbLabel={t('seal.size')}
                    thumbValueText={(value) => t('seal.sizeValue', { size: value })}
                    mb="lg"
                  />
                  <Text size="xs" c="dimmed">
                    {t('seal.sizeHint')}
                  </Text>
                </Stack>
                <Radio.Group
                  label={t('seal.colour')}
                  value={layout.colour}
                  onChange={(value) => set('colour', value)}
                  name="seal-colour"
                >
                  <SimpleGrid cols={2} spacing="xs" mt={6}>
                    {SEAL_INKS.map((ink) => (
                      <Radio.Card
                        key={ink.key}
                        value={ink.colour}
                        radius="sm"
                        p="xs"
                        data-testid={`seal-ink-${ink.key}`}
                      >
                        <Group gap="xs" wrap="nowrap">
                          <Radio.Indicator size="xs" />
                          <ColorSwatch color={ink.colour} size={18} aria-hidden="true" />
                          <Text size="sm">{t(`seal.colours.${ink.key}`)}</Text>
                        </Group>
                      </Radio.Card>
                    ))}
                  </SimpleGrid>
                </Radio.Group>
                <Radio.Group
                  label={t('seal.topText')}
                  value={layout.outerText}
                  onChange={(value) => set('outerText', value === 'name' ? 'name' : 'name_and_area')}
                  name="seal-top-text"
                >
                  <Group gap="md" mt={6}>
                    <Radio value="name_and_area" label={t('seal.topTextNameAndArea')} />
                    <Radio value="name" label={t('seal.topTextName')} />
                  </Group>
                </Radio.Group>
                <Switch
                  label={t('seal.showExpiry')}
                  checked={layout.showExpiry}
                  onChange={(event) => set('showExpiry', event.currentTarget.checked)}
                />
              </Stack>
            </SimpleGrid>
            {failure && <FormAlert tone="error">{failure}</FormAlert>}
            <Button
              onClick={onUse}
              loading={generate.isPending}
              style={{ alignSelf: 'flex-start' }}
              data-testid="seal-use"
            >
              {t('seal.use')}
            </Button>
          </Stack>
        </Paper>
      )}
      <Paper
        withBorder
        radius="md"
        p="md"
        component="section"
        aria-labelledby="seal-current-heading"
        data-testid="document-seal"
      >
        <Stack gap="sm">
          <Title order={3} size="h4" id="seal-current-heading">
            {t('seal.current')}
          </Title>
          <DocumentPreview
            path={ownDocumentPath('seal')}
            document={profile.documents.seal}
            name={sealName}
            maxHeight={200}
          />
          <Text size="sm" fw={600} mt="sm">
            {t('seal.uploadHeading')}
          </Text>
          <DocumentFileInput
            kind="seal"
            label={t('seal.uploadLabel')}
            description={t('documents.sealHint')}
            name={sealName}
            hasFile={profile.documents.seal !== null}
          />
        </Stack>
      </Paper>
    </StepFrame>
  );
}
