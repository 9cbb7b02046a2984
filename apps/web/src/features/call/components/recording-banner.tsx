import { Alert, Badge } from '@mantine/core';
import type { SessionView } from '@mohar/contracts';
import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import classes from './call.module.css';

type RecordingState = SessionView['recording']['state'];

/** Whether the act may go on: only while the recording runs (the server checks the same). */
export const isRecordingLive = (state: RecordingState) => state === 'recording';

/** The red dot while recording; for everyone, a warning when it stopped (nothing can be decided until it resumes). */
export function RecordingBadge(props: { state: RecordingState }) {
  const { t } = useTranslation('call');
  if (props.state !== 'recording') return null;
  return (
    <Badge
      color="red"
      variant="filled"
      leftSection="●"
      style={{ flexShrink: 0 }}
      data-testid="recording-badge"
    >
      {t('room.recording')}
    </Badge>
  );
}

export function RecordingWarning(props: {
  state: RecordingState;
  isNotary: boolean;
  uploadsFailing: boolean;
}) {
  const { t } = useTranslation('call');
  const stopped = props.state === 'stale' || props.state === 'failed' || props.uploadsFailing;
  if (props.state === 'none')
    return (
      <Alert className={classes.banner} variant="light" color="blue" data-testid="recording-waiting">
        {t('room.recordingNotStarted')}
      </Alert>
    );
  if (!stopped) return null;
  return (
    <Alert
      className={classes.banner}
      variant="filled"
      color="red"
      icon={<AlertTriangle size={18} aria-hidden="true" />}
      title={t('room.recordingStoppedTitle')}
      role="alert"
      data-testid="recording-warning"
    >
      {props.isNotary ? t('room.recordingStoppedNotary') : t('room.recordingStopped')}
    </Alert>
  );
}
