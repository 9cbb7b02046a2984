import { Button, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '@/lib/api-errors';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { readRecording, recordingUrl, useRecordingInfo } from '../api/get-recording';
import classes from './applications.module.css';
import { DetailList, ViewSection } from './view-section';

const minutesAndSeconds = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * An admin's player: the file is fetched on request (the read is audited, and the admin may be asked to confirm it
 * is them first — step-up), then played from memory, so a later seek never meets a step-up refusal.
 */
function AdminRecordingPlayer({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation('applications');
  const [url, setUrl] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (url)
    // biome-ignore lint/a11y/useMediaCaption: a recording of a live call has no captions to offer.
    return <video className={classes.recording} controls src={url} data-testid="recording-player" />;
  const play = async () => {
    setPending(true);
    setFailure(null);
    try {
      setUrl(URL.createObjectURL(await readRecording(applicationId)));
    } catch (error) {
      setFailure(failureMessage(error, t('view.recording.failed')));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button variant="default" loading={isPending} onClick={() => void play()} data-testid="recording-load">
        {t('view.recording.load')}
      </Button>
      {failure && (
        <Text size="sm" c="red" role="alert">
          {failure}
        </Text>
      )}
    </>
  );
}

/** The session's recording for its notary and admins: the player, its length, size and SHA-256, and until when it is kept. */
export function RecordingSection(props: { applicationId: string; enabled: boolean; isAdmin: boolean }) {
  const { t } = useTranslation('applications');
  const info = useRecordingInfo(props.applicationId, props.enabled);
  if (!props.enabled || !info.data) return null;
  const recording = info.data;
  return (
    <ViewSection id="recording" title={t('view.recording.title')} testId="recording-section">
      {recording.status === 'recording' ? (
        <Text size="sm">{t('view.recording.inProgress', { count: recording.chunks })}</Text>
      ) : recording.isAvailable && props.isAdmin ? (
        <AdminRecordingPlayer applicationId={props.applicationId} />
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
