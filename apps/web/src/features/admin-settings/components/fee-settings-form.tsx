import {
  Button,
  Fieldset,
  Group,
  List,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FeeSettingsInput, NOTARIAL_ACTS } from '@mohar/contracts';
import { type FormEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { formatInr } from '@/lib/format';
import { useFailureFocus } from '@/lib/use-failure-focus';
import { useUpdateFeeSettings } from '../api/update-fee-settings';
import {
  AMOUNT_FIELDS,
  changedFields,
  type FeeField,
  type FeeFieldProblem,
  feeFieldPath,
  feeFormValuesOf,
  parseFeeForm,
} from '../lib/fee-form';
import { FeeExample } from './fee-example';

const isAmountField = (field: FeeField) => (AMOUNT_FIELDS as readonly FeeField[]).includes(field);

/** A setting's value as the confirm dialog lists it. */
function settingText(settings: FeeSettingsInput, field: FeeField): string {
  if (field === 'platformFee') return formatInr(settings.platformFeePaise);
  if (field === 'extraSignatoryFee') return formatInr(settings.extraSignatoryFeePaise);
  if (field === 'includedSignatories') return String(settings.includedSignatories);
  if (field === 'gstRatePercent') return `${settings.gstRatePercent}%`;
  const act = field.slice('notarial_'.length) as keyof FeeSettingsInput['notarialFees'];
  return formatInr(settings.notarialFees[act]);
}

/** Rupee amounts: two decimals, ₹ in front, Indian grouping. The text is read exactly (lib/rupees.ts). */
const rupeeProps = {
  prefix: '₹',
  decimalScale: 2,
  thousandSeparator: ',',
  thousandsGroupStyle: 'lakh',
  allowNegative: false,
  hideControls: true,
  // Out-of-range amounts are explained under the field rather than silently changed on blur.
  clampBehavior: 'none',
  valueIsNumericString: true,
  inputMode: 'decimal',
} as const;

const wholeProps = {
  allowDecimal: false,
  allowNegative: false,
  clampBehavior: 'none',
  valueIsNumericString: true,
  inputMode: 'numeric',
} as const;

function Legend({ children }: { children: ReactNode }) {
  return (
    <Text component="span" fw={700} size="lg">
      {children}
    </Text>
  );
}

/** The fee settings form, started from `current`; Save asks first, then PUTs a new version. */
export function FeeSettingsForm({ current }: { current: FeeSettingsInput }) {
  const { t } = useTranslation('admin-settings');
  const { t: tCommon } = useTranslation();
  const [confirming, setConfirming] = useState<FeeSettingsInput | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { containerRef, focusFailure } = useFailureFocus<HTMLFormElement>();
  const update = useUpdateFeeSettings();
  const isSending = useRef(false);
  // Problems show once a Save found them, and from then on follow each change.
  const isSaveChecking = useRef(false);
  const hasShownProblems = useRef(false);

  const problemText = (field: FeeField, problem: FeeFieldProblem): string => {
    const kind = isAmountField(field) ? 'amount' : 'whole';
    if (problem.kind === 'too_big')
      return t(`errors.${kind}.tooBig`, {
        max: kind === 'amount' ? formatInr(problem.maximum) : problem.maximum,
      });
    if (problem.kind === 'too_small') return t(`errors.${kind}.tooSmall`, { min: problem.minimum });
    return t(`errors.${kind}.${problem.kind}`);
  };

  const form = useForm({
    initialValues: feeFormValuesOf(current),
    validateInputOnChange: true,
    // The contract's schema, through the form's reading of rupees (lib/fee-form.ts).
    validate: (values) => {
      const result = parseFeeForm(values);
      if (result.ok || !(isSaveChecking.current || hasShownProblems.current)) return {};
      const entries = Object.entries(result.problems) as Array<[FeeField, FeeFieldProblem]>;
      return Object.fromEntries(
        entries.map(([field, problem]) => [feeFieldPath(field), problemText(field, problem)]),
      );
    },
  });

  const parsed = useMemo(() => parseFeeForm(form.values), [form.values]);
  const changes = parsed.ok ? changedFields(current, parsed.data) : null;
  const isUnchanged = changes !== null && changes.length === 0;

  /** A setting's field: its value as typed (amounts are read exactly, as text) and its problem. */
  const fieldProps = (field: FeeField) => {
    const path = feeFieldPath(field);
    return {
      ...form.getInputProps(path),
      onChange: (value: string | number) => form.setFieldValue(path, String(value)),
    };
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    isSaveChecking.current = true;
    form.onSubmit(
      () => {
        if (!parsed.ok || isUnchanged) return;
        setFailure(null);
        setConfirming(parsed.data);
      },
      () => {
        hasShownProblems.current = true;
        focusFailure();
      },
    )(event);
    isSaveChecking.current = false;
  };

  const onConfirm = async () => {
    // One PUT per confirmation however fast the clicks (the button also disables while it is sent).
    if (!confirming || isSending.current) return;
    isSending.current = true;
    try {
      await update.mutateAsync(confirming);
      // The saved version re-keys this form (it starts afresh from it), so the toast must not wait for a re-render.
      void showToast({ color: 'green', message: t('saved'), closeLabel: tCommon('close') });
    } catch (error) {
      setFailure(failureMessage(error, t('saveFailed')));
    } finally {
      isSending.current = false;
    }
  };

  const closeConfirm = () => {
    if (update.isPending) return;
    setConfirming(null);
    setFailure(null);
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form ref={containerRef} onSubmit={onSubmit} noValidate data-testid="fee-settings-form">
          <Stack gap="xl">
            <Fieldset variant="unstyled" legend={<Legend>{t('form.platform')}</Legend>}>
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <NumberInput
                    {...rupeeProps}
                    label={t('form.platformFee')}
                    description={t('form.platformFeeHint')}
                    {...fieldProps('platformFee')}
                    required
                    data-testid="fee-platform"
                  />
                  <NumberInput
                    {...wholeProps}
                    label={t('form.gstRate')}
                    description={t('form.gstRateHint')}
                    suffix="%"
                    min={0}
                    max={28}
                    {...fieldProps('gstRatePercent')}
                    required
                    data-testid="fee-gst-rate"
                  />
                </SimpleGrid>
              </Stack>
            </Fieldset>

            <Fieldset variant="unstyled" legend={<Legend>{t('form.notarial')}</Legend>}>
              <Stack gap="md">
                <Text size="sm" c="dimmed">
                  {t('form.notarialHint')}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  {NOTARIAL_ACTS.map((act) => (
                    <NumberInput
                      key={act}
                      {...rupeeProps}
                      label={t(`acts.${act}`)}
                      {...fieldProps(`notarial_${act}`)}
                      required
                      data-testid={`fee-notarial-${act}`}
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            </Fieldset>

            <Fieldset variant="unstyled" legend={<Legend>{t('form.signatories')}</Legend>}>
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <NumberInput
                    {...wholeProps}
                    label={t('form.included')}
                    description={t('form.includedHint')}
                    min={1}
                    max={6}
                    {...fieldProps('includedSignatories')}
                    required
                    data-testid="fee-included"
                  />
                  <NumberInput
                    {...rupeeProps}
                    label={t('form.extraSignatory')}
                    description={t('form.extraSignatoryHint')}
                    {...fieldProps('extraSignatoryFee')}
                    required
                    data-testid="fee-extra-signatory"
                  />
                </SimpleGrid>
              </Stack>
            </Fieldset>

            <Group gap="sm" align="center">
              <Button type="submit" size="md" disabled={isUnchanged} data-testid="fee-settings-save">
                {t('form.save')}
              </Button>
              {isUnchanged ? (
                <Text size="sm" c="dimmed">
                  {t('form.unchanged')}
                </Text>
              ) : (
                <Button variant="subtle" onClick={() => form.setValues(feeFormValuesOf(current))}>
                  {t('form.reset')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Paper>

      <FeeExample settings={parsed.ok ? parsed.data : null} />

      <Modal
        opened={confirming !== null}
        onClose={closeConfirm}
        title={t('confirm.title')}
        centered
        closeButtonProps={{ 'aria-label': tCommon('close') }}
      >
        {confirming && (
          <Stack gap="md">
            <Text>{t('confirm.body')}</Text>
            <List size="sm" spacing={4} data-testid="fee-settings-changes">
              {changedFields(current, confirming).map((field) => (
                <List.Item key={field}>
                  {t('confirm.change', {
                    setting: t(`fields.${field}`),
                    from: settingText(current, field),
                    to: settingText(confirming, field),
                  })}
                </List.Item>
              ))}
            </List>
            {failure && <FormAlert tone="error">{failure}</FormAlert>}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={closeConfirm} disabled={update.isPending} data-autofocus>
                {t('confirm.cancel')}
              </Button>
              <Button
                onClick={() => void onConfirm()}
                loading={update.isPending}
                data-testid="fee-settings-confirm"
              >
                {t('confirm.save')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
