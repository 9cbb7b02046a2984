import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { percentOf } from '../lib/document-check';

/** The bar while a file is sent; once every byte is sent the server checks the PDF, which the bar says too. */
export function UploadProgress(props: { fileName: string; fraction: number; onCancel: () => void }) {
  const { t } = useTranslation('wizard');
  const percent = percentOf(props.fraction);
  const isSent = percent >= 100;
  return (
    <Stack gap={6} data-testid="upload-progress">
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {isSent ? t('document.checking') : t('document.uploading', { name: props.fileName })}
        </Text>
        <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="upload-percent">
          {t('document.percent', { percent })}
        </Text>
      </Group>
      <Progress.Root size="lg" radius="xl">
        <Progress.Section value={percent} animated={isSent} aria-label={t('document.progressLabel')} />
      </Progress.Root>
      {!isSent && (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={props.onCancel}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('document.cancelUpload')}
        </Button>
      )}
    </Stack>
  );
}
