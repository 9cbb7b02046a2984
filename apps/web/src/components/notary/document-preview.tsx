import { Anchor, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '@/lib/api-client';
import { formatFileSize, formatNotificationDate } from '@/lib/format';
import { useProtectedFile } from '@/lib/use-protected-file';

export type StoredDocument = { contentType: string; size: number; uploadedAt: string } | null;

/**
 * One uploaded file of a notary application: an image is fetched with the session and shown inline; a PDF opens
 * in the browser's viewer in a new tab (the CSP allows no <object>). `path` is the file's API path.
 */
export function DocumentPreview(props: {
  path: string;
  document: StoredDocument;
  name: string;
  /** Tallest the image is drawn, in px. */
  maxHeight?: number;
  testId?: string;
}) {
  const { t } = useTranslation('notaries');
  const { document } = props;
  const isImage = document?.contentType.startsWith('image/') ?? false;
  const file = useProtectedFile(document && isImage ? props.path : null, document?.uploadedAt);

  if (!document) {
    return (
      <Text size="sm" c="dimmed" data-testid={props.testId}>
        {t('file.notUploaded')}
      </Text>
    );
  }
  return (
    <Stack gap={6} data-testid={props.testId}>
      {isImage ? (
        file.state === 'ready' ? (
          <Image
            src={file.url}
            alt={t('file.imageAlt', { name: props.name })}
            mah={props.maxHeight ?? 200}
            w="auto"
            maw="100%"
            fit="contain"
            radius="sm"
            style={{
              alignSelf: 'flex-start',
              background: 'white',
              border: '1px solid var(--mantine-color-default-border)',
            }}
          />
        ) : file.state === 'error' ? (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {t('file.failed', { name: props.name })}
          </Text>
        ) : (
          <Group gap="xs" role="status">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">{t('file.loading', { name: props.name })}</Text>
          </Group>
        )
      ) : (
        <Anchor href={`${API_BASE}${props.path}`} target="_blank" rel="noopener" size="sm">
          <Group gap={4} component="span" wrap="nowrap">
            {t(document.contentType === 'application/pdf' ? 'file.openPdf' : 'file.open', {
              name: props.name,
            })}
            <ExternalLink size={14} aria-hidden="true" />
          </Group>
        </Anchor>
      )}
      <Text size="xs" c="dimmed">
        {t('file.uploaded', {
          date: formatNotificationDate(document.uploadedAt),
          size: formatFileSize(document.size),
        })}
      </Text>
    </Stack>
  );
}
