import { Stack, Table, Text } from '@mantine/core';
import type { FeeBreakdown } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { formatInr } from '@/lib/format';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The fee, line by line, with the total. Drafts show a live quote that becomes final on submission. The texts
 * default to English, so the table reads the same from the wizard and from the application view.
 */
export function FeeBreakdownTable(props: { fee: FeeBreakdown }) {
  const { t } = useTranslation('applications');
  const { fee } = props;
  return (
    <Stack gap="xs" data-testid="fee-breakdown" data-final={fee.isFinal}>
      <Table withTableBorder verticalSpacing="xs" horizontalSpacing="md" captionSide="top">
        <Table.Caption style={{ textAlign: 'start' }}>
          {fee.isFinal
            ? t('fee.captionFinal', { defaultValue: 'Fees to pay' })
            : t('fee.captionEstimate', { defaultValue: 'Fee estimate' })}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('fee.item', { defaultValue: 'Item' })}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('fee.amount', { defaultValue: 'Amount' })}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fee.lines.map((line) => (
            <Table.Tr key={line.code} data-code={line.code}>
              <Table.Th scope="row" fw={400}>
                {line.label}
              </Table.Th>
              <Table.Td ta="right" style={money}>
                {formatInr(line.amountPaise)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" fw={700}>
              {t('fee.total', { defaultValue: 'Total' })}
            </Table.Th>
            <Table.Td ta="right" fw={700} style={money} data-testid="fee-total">
              {formatInr(fee.totalPaise)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
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
