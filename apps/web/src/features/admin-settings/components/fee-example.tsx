import { Paper, Stack, Text } from '@mantine/core';
import type { FeeSettingsInput } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { formatInr } from '@/lib/format';
import { exampleFee } from '../lib/fee-form';
import classes from './admin-settings.module.css';

const EXAMPLE = { act: 'attest_execution', signatories: 3 } as const;

/** What a typical application would cost with the fees as typed (null while a field cannot be read). */
export function FeeExample({ settings }: { settings: FeeSettingsInput | null }) {
  const { t } = useTranslation('admin-settings');
  const example = settings ? exampleFee(settings, EXAMPLE) : null;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="fee-example-heading"
      aria-live="polite"
      data-testid="fee-example"
    >
      <Stack gap={6}>
        <Text fw={600} id="fee-example-heading">
          {t('example.title')}
        </Text>
        {example && settings ? (
          <>
            <Text>
              {t('example.lead', { count: EXAMPLE.signatories })}{' '}
              <span className={classes.total} data-testid="fee-example-total">
                {formatInr(example.totalPaise)}
              </span>
            </Text>
            <Text size="sm" c="dimmed" className={classes.wrap}>
              {t('example.platform', { amount: formatInr(example.platformFeePaise) })}
              {' + '}
              {t('example.gst', { rate: settings.gstRatePercent, amount: formatInr(example.gstPaise) })}
              {' + '}
              {t('example.notarial', { amount: formatInr(example.notarialFeePaise) })}
              {' + '}
              {t('example.extra', {
                count: example.extraSignatories,
                amount: formatInr(example.extraSignatoryPaise),
              })}
            </Text>
          </>
        ) : (
          <Text size="sm">{t('example.unavailable')}</Text>
        )}
      </Stack>
    </Paper>
  );
}
