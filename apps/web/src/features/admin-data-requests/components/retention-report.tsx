import { Alert, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { RetentionDay } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { LoadFailure, LoadingStatus } from '@/components/query-states';
import { failureMessage } from '@/lib/api-errors';
import { formatCalendarDate, formatDateTime } from '@/lib/format';
import { useRetentionReport } from '../api/data-requests';

const DAYS = 30;
const COLUMNS = [
  'identityCaptured',
  'identityPurged',
  'recordingsDue',
  'recordingsPurged',
  'failures',
] as const;

const hasActivity = (day: RetentionDay) => COLUMNS.some((column) => day[column] > 0);

/**
 * Retention you can prove (issue 26): per day, what the purges did, counted from the records themselves, and the
 * purges that failed (each also logged and e-mailed to every admin).
 */
export function RetentionReport() {
  const { t } = useTranslation('admin-data-requests');
  const query = useRetentionReport(DAYS);
  const active = query.data?.days.filter(hasActivity) ?? [];
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="retention-heading"
    >
      <Stack gap="sm" data-testid="retention-report">
        <Title order={2} size="h3" id="retention-heading">
          {t('retention.title')}
        </Title>
        <Text c="dimmed">{t('retention.intro', { days: DAYS })}</Text>
        {query.isPending ? (
          <LoadingStatus label={t('retention.loading')} />
        ) : query.isError ? (
          <LoadFailure
            title={t('retention.failed')}
            message={failureMessage(query.error, t('retention.failed'))}
            retryLabel={t('retry')}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <>
            {query.data.failures.length > 0 && (
              <Alert color="red" title={t('retention.failuresTitle')} role="alert">
                <Stack gap="xs">
                  <List size="sm">
                    {query.data.failures.map((failure) => (
                      <List.Item key={failure._id} style={{ overflowWrap: 'anywhere' }}>
                        {t('retention.failureLine', {
                          date: formatDateTime(failure.createdAt),
                          kind: t(`retention.kind.${failure.kind}`),
                          id: failure.recordId,
                          error: failure.error,
                        })}
                      </List.Item>
                    ))}
                  </List>
                  <Text size="sm">{t('retention.failuresHelp')}</Text>
                </Stack>
              </Alert>
            )}
            {active.length === 0 ? (
              <Text>{t('retention.empty')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={560}>
                <Table withTableBorder verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('retention.day')}</Table.Th>
                      {COLUMNS.map((column) => (
                        <Table.Th key={column} scope="col" ta="right">
                          {t(`retention.${column}`)}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {active.map((day) => (
                      <Table.Tr key={day.date}>
                        <Table.Th scope="row">{formatCalendarDate(day.date)}</Table.Th>
                        {COLUMNS.map((column) => (
                          <Table.Td
                            key={column}
                            ta="right"
                            c={column === 'failures' && day[column] > 0 ? 'red' : undefined}
                          >
                            {day[column]}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
