import { Box, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { type RegisterEntry, registerExecutantText } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate, formatInr } from '@/lib/format';
import { notarialActKey } from '@/lib/notarial-act';
import classes from './register-entries.module.css';

function useActName() {
  const { t } = useTranslation('notary-register');
  return (act: string) => {
    const key = notarialActKey(act);
    return key ? t(key) : act;
  };
}

/** Laptops: the register as Form XV's table (scrolls sideways when the window is narrow). */
function RegisterTable({ entries }: { entries: RegisterEntry[] }) {
  const { t } = useTranslation('notary-register');
  const actName = useActName();
  const none = t('table.none');
  return (
    // A scrolling region must be reachable by keyboard to be scrolled.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
    <section className={classes.scroll} tabIndex={0} aria-labelledby="register-caption">
      <Table striped withTableBorder verticalSpacing="sm" miw={960} data-testid="register-table">
        <caption
          id="register-caption"
          style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600, paddingBottom: 8 }}
        >
          {t('table.caption')}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('table.serial')}</Table.Th>
            <Table.Th scope="col">{t('table.date')}</Table.Th>
            <Table.Th scope="col">{t('table.act')}</Table.Th>
            <Table.Th scope="col">{t('table.executant')}</Table.Th>
            <Table.Th scope="col">{t('table.document')}</Table.Th>
            <Table.Th scope="col">{t('table.feeStamp')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('table.prescribedFee')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('table.feeCharged')}
            </Table.Th>
            <Table.Th scope="col">{t('table.receipt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry._id} data-testid="register-row">
              <Table.Th scope="row" className={classes.numeric}>
                {entry.serial}
              </Table.Th>
              <Table.Td className={classes.numeric}>{formatCalendarDate(entry.actDate)}</Table.Td>
              <Table.Td>{actName(entry.notarialAct)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {entry.executantName}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {entry.executantAddress}
                </Text>
              </Table.Td>
              <Table.Td>{entry.documentDescription}</Table.Td>
              <Table.Td>{entry.feeStamp ?? none}</Table.Td>
              <Table.Td className={classes.numeric} ta="right">
                {formatInr(entry.prescribedFeePaise)}
              </Table.Td>
              <Table.Td className={classes.numeric} ta="right">
                {formatInr(entry.feeChargedPaise)}
              </Table.Td>
              <Table.Td className={classes.numeric}>{entry.receiptSerial}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

/** Phones: one card per entry, every column labelled. */
function RegisterCards({ entries }: { entries: RegisterEntry[] }) {
  const { t } = useTranslation('notary-register');
  const actName = useActName();
  const none = t('table.none');
  return (
    <Stack
      component="ul"
      gap="sm"
      className={classes.cards}
      aria-label={t('table.caption')}
      data-testid="register-cards"
    >
      {entries.map((entry) => {
        const fields: Array<[string, string]> = [
          [t('table.date'), formatCalendarDate(entry.actDate)],
          [t('table.act'), actName(entry.notarialAct)],
          [t('table.executant'), registerExecutantText(entry)],
          [t('table.document'), entry.documentDescription],
          [t('table.feeStamp'), entry.feeStamp ?? none],
          [t('table.prescribedFee'), formatInr(entry.prescribedFeePaise)],
          [t('table.feeCharged'), formatInr(entry.feeChargedPaise)],
          [t('table.receipt'), entry.receiptSerial],
        ];
        return (
          <Paper key={entry._id} component="li" withBorder radius="md" p="md" data-testid="register-card">
            <Text fw={700} className={classes.numeric} mb="xs">
              {t('table.entry', { serial: entry.serial })}
            </Text>
            <SimpleGrid component="dl" cols={1} spacing={6} m={0}>
              {fields.map(([label, value]) => (
                <div key={label}>
                  <Text component="dt" size="xs" fw={600} c="dimmed">
                    {label}
                  </Text>
                  <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {value}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          </Paper>
        );
      })}
    </Stack>
  );
}

/**
 * A notary's register entries (Form XV): a table on wide screens, cards on phones and narrow windows (brand: tables
 * become cards). The notary's register page and the console's notary page show them; texts from `notary-register`.
 */
export function RegisterEntries({ entries }: { entries: RegisterEntry[] }) {
  return (
    <>
      <Box visibleFrom="lg">
        <RegisterTable entries={entries} />
      </Box>
      <Box hiddenFrom="lg">
        <RegisterCards entries={entries} />
      </Box>
    </>
  );
}
