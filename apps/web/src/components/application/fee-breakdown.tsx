import { Stack, Text } from '@mantine/core';
import type { FeeBreakdown } from '@mohar/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatInr } from '@/lib/format';
import classes from './fee-breakdown.module.css';

type Line = FeeBreakdown['lines'][number];

/**
 * A line in the reader's language, by its code and what it names; a line fixed before the server sent `params`
 * (an older application's fee) keeps the server's English where its words need them.
 */
function lineText(line: Line, t: TFunction<'applications'>): string {
  const params = line.params ?? {};
  switch (line.code) {
    case 'platform_fee':
      return t('fee.lines.platform_fee');
    case 'gst':
      return params.rate === undefined ? line.label : t('fee.lines.gst', { rate: params.rate });
    case 'notarial_fee':
      if (params.act) return t('fee.lines.notarialFeeFor', { act: t(`fee.lines.act.${params.act}`) });
      return line.label === 'Notarial fee' ? t('fee.lines.notarial_fee') : line.label;
    case 'extra_signatories':
      return params.extra === undefined || params.included === undefined
        ? line.label
        : t('fee.lines.extra_signatories', { extra: params.extra, included: params.included });
    default:
      return line.label;
  }
}

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
              <th scope="row">{lineText(line, t)}</th>
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
