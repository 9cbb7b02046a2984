import { Anchor, Box, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ApplicationListItem } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApplicationStatusBadge } from '@/components/application/application-status-badge';
import { paths } from '@/config/paths';
import { formatCardDate, formatNotificationDate } from '@/lib/format';
import classes from './applications.module.css';
import { DownloadButton } from './download-button';

type RowText = { title: string; type: string; notary: string };

function useRowText() {
  const { t } = useTranslation('applications');
  return (item: ApplicationListItem): RowText => ({
    title: item.title ?? t('untitled'),
    type: item.documentType ? t(`documentType.${item.documentType}`) : t('list.noType'),
    notary:
      item.notaryName ??
      (item.notaryChoice === 'first_available' ? t('notary.firstAvailable') : t('notary.notChosen')),
  });
}

/** A date as DD/MM/YYYY, with the exact time in IST on hover. */
function DateText({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={`${formatNotificationDate(iso)} IST`} className={classes.numeric}>
      {formatCardDate(iso)}
    </time>
  );
}

function TitleLink({ item, title }: { item: ApplicationListItem; title: string }) {
  return (
    <Anchor
      component={Link}
      to={paths.applications.view(item._id)}
      fw={600}
      className={classes.wrap}
      data-testid="application-title-link"
    >
      {title}
    </Anchor>
  );
}

/** Drafts carry on in the wizard; everything else opens the view; a notarised one can be downloaded. */
function RowActions({ item, title }: { item: ApplicationListItem; title: string }) {
  const { t } = useTranslation('applications');
  const isDraft = item.status === 'draft';
  return (
    <Group gap="xs" wrap="wrap">
      {isDraft ? (
        <Button
          component={Link}
          to={paths.applications.edit(item._id)}
          size="xs"
          aria-label={t('list.continueLabel', { title })}
          data-testid="application-continue"
        >
          {t('list.continue')}
        </Button>
      ) : (
        <Button
          component={Link}
          to={paths.applications.view(item._id)}
          size="xs"
          variant="light"
          aria-label={t('list.viewLabel', { title })}
          data-testid="application-view-link"
        >
          {t('list.view')}
        </Button>
      )}
      <DownloadButton
        id={item._id}
        status={item.status}
        title={item.title}
        label={t('list.download')}
        ariaLabel={t('list.downloadLabel', { title })}
      />
    </Group>
  );
}

function ApplicationTable({ items }: { items: ApplicationListItem[] }) {
  const { t } = useTranslation('applications');
  const rowText = useRowText();
  return (
    <Table striped highlightOnHover withTableBorder verticalSpacing="sm" data-testid="applications-table">
      <caption>
        <VisuallyHidden>{t('list.caption')}</VisuallyHidden>
      </caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('list.columns.application')}</Table.Th>
          <Table.Th scope="col">{t('list.columns.notary')}</Table.Th>
          <Table.Th scope="col">{t('list.columns.signatories')}</Table.Th>
          <Table.Th scope="col">{t('list.columns.status')}</Table.Th>
          <Table.Th scope="col">{t('list.columns.created')}</Table.Th>
          <Table.Th scope="col">{t('list.columns.updated')}</Table.Th>
          <Table.Th scope="col">
            <VisuallyHidden>{t('list.columns.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => {
          const text = rowText(item);
          return (
            <Table.Tr key={item._id} data-testid="application-row" data-status={item.status}>
              <Table.Td maw={320}>
                <TitleLink item={item} title={text.title} />
                <Text size="xs" c="dimmed">
                  {text.type}
                </Text>
              </Table.Td>
              <Table.Td className={classes.wrap}>{text.notary}</Table.Td>
              <Table.Td className={classes.numeric}>{item.signatoryCount}</Table.Td>
              <Table.Td>
                <ApplicationStatusBadge status={item.status} />
              </Table.Td>
              <Table.Td>
                <DateText iso={item.createdAt} />
              </Table.Td>
              <Table.Td>
                <DateText iso={item.updatedAt} />
              </Table.Td>
              <Table.Td>
                <RowActions item={item} title={text.title} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

function ApplicationCards({ items }: { items: ApplicationListItem[] }) {
  const { t } = useTranslation('applications');
  const rowText = useRowText();
  return (
    <Stack component="ul" gap="sm" className={classes.list} aria-label={t('list.caption')}>
      {items.map((item) => {
        const text = rowText(item);
        return (
          <Paper
            key={item._id}
            component="li"
            withBorder
            radius="md"
            p="md"
            data-testid="application-card"
            data-status={item.status}
          >
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Box style={{ minWidth: 0 }}>
                  <TitleLink item={item} title={text.title} />
                  <Text size="xs" c="dimmed">
                    {text.type}
                  </Text>
                </Box>
                <ApplicationStatusBadge status={item.status} />
              </Group>
              <Text size="sm" className={classes.wrap}>
                {t('list.notaryLine', { notary: text.notary })}
              </Text>
              <Text size="sm">{t('list.signatoryCount', { count: item.signatoryCount })}</Text>
              <Text size="xs" c="dimmed">
                {t('list.createdOn')} <DateText iso={item.createdAt} /> · {t('list.updatedOn')}{' '}
                <DateText iso={item.updatedAt} />
              </Text>
              <Box pt={4}>
                <RowActions item={item} title={text.title} />
              </Box>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** The applications: a table on wide screens, cards on phones and narrow windows. */
export function ApplicationList({ items }: { items: ApplicationListItem[] }) {
  return (
    <>
      <Box visibleFrom="lg">
        <ApplicationTable items={items} />
      </Box>
      <Box hiddenFrom="lg">
        <ApplicationCards items={items} />
      </Box>
    </>
  );
}
