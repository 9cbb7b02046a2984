import { Badge, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FeeSettingsVersion, NOTARIAL_ACTS } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatInr } from '@/lib/format';
import classes from './admin-settings.module.css';

// Seven columns need a wide screen; narrower windows get cards (one layout in the page, so tests count rows).
const WIDE_QUERY = '(min-width: 75em)';

function NotarialSummary({ version }: { version: FeeSettingsVersion }) {
  const { t } = useTranslation('admin-settings');
  return (
    <Stack component="ul" gap={0} className={classes.list}>
      {NOTARIAL_ACTS.map((act) => (
        <Text component="li" size="sm" key={act}>
          {t(`acts.${act}`)}: <span className={classes.numeric}>{formatInr(version.notarialFees[act])}</span>
        </Text>
      ))}
    </Stack>
  );
}

function useWho() {
  const { t } = useTranslation('admin-settings');
  return (version: FeeSettingsVersion) => version.changedBy ?? t('history.defaults');
}

function CurrentBadge({ isCurrent }: { isCurrent: boolean }) {
  const { t } = useTranslation('admin-settings');
  return isCurrent ? (
    <Badge color="green" variant="light" size="sm">
      {t('history.current')}
    </Badge>
  ) : null;
}

function HistoryTable({ versions, currentId }: { versions: FeeSettingsVersion[]; currentId: string }) {
  const { t } = useTranslation('admin-settings');
  const who = useWho();
  return (
    <Table withTableBorder verticalSpacing="sm" data-testid="fee-history-table">
      <caption>
        <VisuallyHidden>{t('history.caption')}</VisuallyHidden>
      </caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('history.changedAt')}</Table.Th>
          <Table.Th scope="col">{t('history.by')}</Table.Th>
          <Table.Th scope="col" ta="right">
            {t('history.platformFee')}
          </Table.Th>
          <Table.Th scope="col" ta="right">
            {t('history.gst')}
          </Table.Th>
          <Table.Th scope="col">{t('history.notarial')}</Table.Th>
          <Table.Th scope="col" ta="right">
            {t('history.extraSignatory')}
          </Table.Th>
          <Table.Th scope="col" ta="right">
            {t('history.included')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {versions.map((version) => (
          <Table.Tr key={version._id} data-testid="fee-history-row" data-current={version._id === currentId}>
            <Table.Td>
              <Stack gap={4} align="flex-start">
                <time dateTime={version.changedAt} className={classes.numeric}>
                  {formatDateTime(version.changedAt)}
                </time>
                <CurrentBadge isCurrent={version._id === currentId} />
              </Stack>
            </Table.Td>
            <Table.Td className={classes.wrap} maw={200}>
              {who(version)}
            </Table.Td>
            <Table.Td ta="right" className={classes.numeric}>
              {formatInr(version.platformFeePaise)}
            </Table.Td>
            <Table.Td ta="right" className={classes.numeric}>
              {version.gstRatePercent}%
            </Table.Td>
            <Table.Td>
              <NotarialSummary version={version} />
            </Table.Td>
            <Table.Td ta="right" className={classes.numeric}>
              {formatInr(version.extraSignatoryFeePaise)}
            </Table.Td>
            <Table.Td ta="right" className={classes.numeric}>
              {version.includedSignatories}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function HistoryCards({ versions, currentId }: { versions: FeeSettingsVersion[]; currentId: string }) {
  const { t } = useTranslation('admin-settings');
  const who = useWho();
  return (
    <Stack component="ul" gap="sm" className={classes.list} aria-label={t('history.caption')}>
      {versions.map((version) => (
        <Paper
          key={version._id}
          component="li"
          withBorder
          radius="md"
          p="md"
          data-testid="fee-history-row"
          data-current={version._id === currentId}
        >
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" align="flex-start">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600}>
                  <time dateTime={version.changedAt}>{formatDateTime(version.changedAt)}</time>
                </Text>
                <Text size="sm" c="dimmed" className={classes.wrap}>
                  {t('history.byLine', { who: who(version) })}
                </Text>
              </Stack>
              <CurrentBadge isCurrent={version._id === currentId} />
            </Group>
            <Text size="sm">
              {t('history.platformFee')}:{' '}
              <span className={classes.numeric}>{formatInr(version.platformFeePaise)}</span> ·{' '}
              {t('history.gst')}: {version.gstRatePercent}%
            </Text>
            <NotarialSummary version={version} />
            <Text size="sm">
              {t('history.extraSignatory')}:{' '}
              <span className={classes.numeric}>{formatInr(version.extraSignatoryFeePaise)}</span> ·{' '}
              {t('history.included')}: {version.includedSignatories}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** Every version of the fees, newest first: who changed them, when, and to what. */
export function FeeHistory({ versions, currentId }: { versions: FeeSettingsVersion[]; currentId: string }) {
  const { t } = useTranslation('admin-settings');
  const isWide = useMediaQuery(WIDE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Stack component="section" gap="md" aria-labelledby="fee-history-heading">
      <Title order={2} size="h3" id="fee-history-heading">
        {t('history.title')}
      </Title>
      {versions.length === 0 ? (
        <Text>{t('history.empty')}</Text>
      ) : isWide ? (
        <HistoryTable versions={versions} currentId={currentId} />
      ) : (
        <HistoryCards versions={versions} currentId={currentId} />
      )}
    </Stack>
  );
}
