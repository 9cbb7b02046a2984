import { Anchor, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { FileCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FileDownloadButton } from '@/components/file-download-button';
import { paths } from '@/config/paths';
import { getNotarisedDocumentByLink, notarisedFileName } from '@/lib/notarised-document';

/**
 * Once the application is notarised, a signatory downloads the sealed PDF from their own link. The access answer
 * carries no verification code, so the way to check a copy is the public /verify page.
 */
export function NotarisedDownload(props: { token: string; title: string }) {
  // The texts live with verification ('verify'), loaded here on first use; nothing shows until they are in.
  const { t, ready } = useTranslation('verify');
  if (!ready) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="notarised-download-heading"
      style={{
        borderColor: 'var(--mantine-color-green-filled)',
        background: 'var(--mantine-color-green-light)',
      }}
      data-testid="portal-notarised-download"
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="green" variant="filled" size={40} radius="xl">
            <FileCheck size={22} aria-hidden="true" />
          </ThemeIcon>
          <Title order={2} size="h4" id="notarised-download-heading">
            {t('portal.title')}
          </Title>
        </Group>
        <Text>{t('portal.body')}</Text>
        <Group>
          <FileDownloadButton
            fetchFile={() => getNotarisedDocumentByLink(props.token)}
            fileName={notarisedFileName(props.title)}
            label={t('portal.download')}
            failedTitle={t('portal.failed')}
            size="sm"
            testId="portal-download"
          />
        </Group>
        <Text size="sm">
          {t('portal.verifyHint')}{' '}
          <Anchor component={Link} to={paths.verify()} size="sm" underline="always">
            {t('portal.verifyLink')}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
