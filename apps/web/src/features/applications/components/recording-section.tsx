import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { recordingUrl, useRecordingInfo } from '../api/get-recording';
import classes from './applications.module.css';
import { DetailList, ViewSection } from './view-section';

const minutesAndSeconds = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** The session's recording for its notary and admins: the player, its length, size and SHA-256, and until when it is kept. */
export function RecordingSection(props: { applicationId: string; enabled: boolean }) {
  const { t } = useTranslation('applications');
  const info = useRecordingInfo(props.applicationId, props.enabled);
  if (!props.enabled || !info.data) return null;
  const recording = info.data;
  return (
    <ViewSection id="recording" title={t('view.recording.title')} testId="recording-section">
      {recording.status === 'recording' ? (
        <Text size="sm">{t('view.recording.inProgress', { count: recording.chunks })}</Text>
      ) : recording.isAvailable ? (
        // biome-ignore lint/a11y/useMediaCaption: a recording of a live call has no captions to offer.
        <video
          className={classes.recording}
          controls
          preload="metadata"
          src={recordingUrl(props.applicationId)}
          data-testid="recording-player"
        />
      ) : (
        <Text size="sm">{t('view.recording.deleted')}</Text>
      )}
      {recording.status === 'finished' && (
        <DetailList
          rows={[
            [t('view.recording.length'), minutesAndSeconds(recording.durationMs ?? 0)],
            [t('view.recording.size'), formatFileSize(recording.sizeBytes ?? 0)],
            [
              t('view.recording.hash'),
              <Text
                key="hash"
                size="sm"
                ff="monospace"
                style={{ overflowWrap: 'anywhere' }}
                data-testid="recording-hash"
              >
                {recording.sha256}
              </Text>,
            ],
            [
              t('view.recording.finished'),
              recording.finishedAt ? `${formatDateTime(recording.finishedAt)} IST` : '—',
            ],
            [
              t('view.recording.keptUntil'),
              recording.retainUntil ? `${formatDateTime(recording.retainUntil)} IST` : '—',
            ],
          ]}
        />
      )}
    </ViewSection>
  );
}
