import { Stack, Text } from '@mantine/core';
import type { FeeBreakdown } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { formatInr } from '@/lib/format';
import classes from './fee-breakdown.module.css';

/**
 * The fee, line by line, with the total. Drafts show a live quote that becomes final on submission. The texts
 * default to English, so the table reads the same from the wizard and from the application view.
 */
export function FeeBreakdownTable(props: { fee: FeeBreakdown }) {
  const { t } = useTranslation('applications');
  const { fee } = props;
  return (
    <Stack gap="xs" data-testid="fee-breakdown" data-final={fee.isFinal}>
      <table className={classes.table}>
        <caption>
          {fee.isFinal
            ? t('fee.captionFinal', { defaultValue: 'Fees to pay' })
            : t('fee.captionEstimate', { defaultValue: 'Fee estimate' })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('fee.item', { defaultValue: 'Item' })}</th>
            <th scope="col" className={classes.amount}>
              {t('fee.amount', { defaultValue: 'Amount' })}
            </th>
          </tr>
        </thead>
        <tbody>
          {fee.lines.map((line) => (
            <tr key={line.code} data-code={line.code}>
              <th scope="row">{line.label}</th>
              <td className={classes.amount}>{formatInr(line.amountPaise)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('fee.total', { defaultValue: 'Total' })}</th>
            <td className={classes.amount} data-testid="fee-total">
              {formatInr(fee.totalPaise)}
            </td>
          </tr>
        </tfoot>
      </table>
      <Text size="sm" c="dimmed">
        {t('fee.gstNote', { defaultValue: 'GST 18% applies to the platform fee.' })}
      </Text>
      {!fee.isFinal && (
        <Text size="sm" c="dimmed" data-testid="fee-estimate-note">
          {t('fee.estimateNote', {
            defaultValue:
              'This is an estimate. It changes with the notarial act and the number of signatories, and is fixed when you submit.',
          })}
        </Text>
      )}
    </Stack>
  );
}
