import { Group, Stack, Text } from '@mantine/core';
import type { Application } from '@mohar/contracts';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@/lib/format';

/** The uploaded PDF in one line: name, pages and size. */
export function DocumentSummary(props: { document: NonNullable<Application['document']> }) {
  const { t } = useTranslation('wizard');
  const { document } = props;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
      <FileText size={28} aria-hidden="true" style={{ flex: 'none' }} />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="document-name">
          {document.fileName}
        </Text>
        <Text size="sm" c="dimmed" data-testid="document-facts">
          {t('document.facts', { count: document.pages, size: formatFileSize(document.sizeBytes) })}
        </Text>
      </Stack>
    </Group>
  );
}
