import { Anchor, Button, FileInput, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  BULK_ERROR_CODES,
  BULK_LIMITS,
  type BulkImport,
  type BulkRowIssue,
  bulkRowIssue,
} from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod/mini';
import { FormAlert } from '@/components/form-alert';
import { SectionPanel } from '@/components/section-panel';
import { paths } from '@/config/paths';
import { failureMessage, hasErrorCode } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format';
import { downloadBulkTemplate, useBulkImports, useCreateBulkImport } from '../api/bulk-imports';

const rowIssues = z.object({ issues: z.array(bulkRowIssue) });

/** The row report of a refused CSV (the server's `details.issues`), or null for any other failure. */
function issuesOf(error: unknown): BulkRowIssue[] | null {
  if (!hasErrorCode(error, BULK_ERROR_CODES.rowsInvalid)) return null;
  const parsed = z.safeParse(rowIssues, error.details);
  return parsed.success ? parsed.data.issues : null;
}

/**
 * The organisation page's "Bulk create" section (decision 0074), loaded on demand with its texts: one PDF and a CSV
 * of signatories make many drafts at once, or none; a refused CSV is reported row by row in the reader's language.
 */
export function BulkSection({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('bulk');
  const [document, setDocument] = useState<File | null>(null);
  const [csv, setCsv] = useState<File | null>(null);
  const [templateFailed, setTemplateFailed] = useState(false);
  const create = useCreateBulkImport(organisationId);
  const issues = create.isError ? issuesOf(create.error) : null;
  const tooLarge = csv !== null && csv.size > BULK_LIMITS.csvBytes;
  return (
    <SectionPanel labelledBy="organisation-bulk">
      <Stack gap="sm" data-testid="organisation-bulk">
        <Title order={2} size="h3" id="organisation-bulk">
          {t('title')}
        </Title>
        <Text c="dimmed">
          {t('intro', { rows: BULK_LIMITS.rows, applications: BULK_LIMITS.applications })}
        </Text>
        <Group>
          <Button
            variant="light"
            onClick={() => {
              setTemplateFailed(false);
              downloadBulkTemplate().catch(() => setTemplateFailed(true));
            }}
          >
            {t('template')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('columns')}
        </Text>
        {templateFailed && <FormAlert tone="error">{t('templateFailed')}</FormAlert>}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (document && csv && !tooLarge) create.mutate({ document, signatories: csv });
          }}
        >
          <Stack gap="sm" maw={520}>
            <FileInput
              label={t('document')}
              description={t('documentHint')}
              accept="application/pdf"
              value={document}
              onChange={setDocument}
              clearable
              required
            />
            <FileInput
              label={t('csv')}
              description={t('csvHint')}
              accept=".csv,text/csv"
              value={csv}
              onChange={setCsv}
              error={tooLarge ? t('csvTooLarge') : undefined}
              clearable
              required
            />
            <Button
              type="submit"
              loading={create.isPending}
              disabled={!document || !csv || tooLarge}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('submit')}
            </Button>
          </Stack>
        </form>
        {create.isError &&
          (issues ? (
            <RowReport issues={issues} />
          ) : (
            <FormAlert tone="error">{failureMessage(create.error, t('failed'))}</FormAlert>
          ))}
        {create.data && <Result bulkImport={create.data.bulkImport} />}
        <PastImports organisationId={organisationId} />
      </Stack>
    </SectionPanel>
  );
}

function RowReport({ issues }: { issues: BulkRowIssue[] }) {
  const { t } = useTranslation('bulk');
  return (
    <Stack gap="xs" data-testid="bulk-row-report">
      <FormAlert tone="error">{t('refused', { count: issues.length })}</FormAlert>
      <Table.ScrollContainer minWidth={420}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('report.row')}</Table.Th>
              <Table.Th>{t('report.column')}</Table.Th>
              <Table.Th>{t('report.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {issues.map((issue) => (
              <Table.Tr key={`${issue.row}-${issue.column}-${issue.reason}`}>
                <Table.Td>{issue.row === 0 ? t('report.file') : issue.row}</Table.Td>
                <Table.Td>
                  {issue.column ? t(`columnNames.${issue.column}`, { defaultValue: issue.column }) : '—'}
                </Table.Td>
                <Table.Td>
                  {t(`reasons.${issue.reason}`, {
                    rows: BULK_LIMITS.rows,
                    applications: BULK_LIMITS.applications,
                    defaultValue: issue.message,
                  })}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function Result({ bulkImport }: { bulkImport: BulkImport }) {
  const { t } = useTranslation('bulk');
  return (
    <Stack gap="xs" data-testid="bulk-result" role="status">
      <Text fw={600}>{t('created', { count: bulkImport.applications.length })}</Text>
      <Stack gap={4} component="ul" style={{ margin: 0, paddingInlineStart: 20 }}>
        {bulkImport.applications.map((application) => (
          <li key={application._id}>
            <Anchor component={Link} to={paths.applications.edit(application._id)}>
              {application.title}
            </Anchor>{' '}
            <Text span c="dimmed" size="sm">
              {t('draftLine', { reference: application.reference, count: application.signatoryCount })}
            </Text>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

function PastImports({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('bulk');
  const imports = useBulkImports(organisationId);
  if (imports.isError)
    return (
      <Group gap="sm">
        <FormAlert tone="error">{failureMessage(imports.error, t('listFailed'))}</FormAlert>
        <Button variant="light" onClick={() => void imports.refetch()}>
          {t('retry')}
        </Button>
      </Group>
    );
  if (!imports.data) return <Text>{t('loading')}</Text>;
  if (imports.data.imports.length === 0) return <Text c="dimmed">{t('none')}</Text>;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {t('history')}
      </Title>
      <Stack gap={4} component="ul" style={{ margin: 0, paddingInlineStart: 20 }}>
        {imports.data.imports.map((item) => (
          <li key={item._id}>
            <Text size="sm">
              {t('historyLine', {
                when: formatDateTime(item.createdAt),
                name: item.createdByName,
                file: item.documentName,
                count: item.applications.length,
              })}
            </Text>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
