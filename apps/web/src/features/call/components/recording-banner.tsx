import { Alert, Badge } from '@mantine/core';
import type { SessionView } from '@mohar/contracts';
import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import classes from './call.module.css';

type RecordingState = SessionView['recording']['state'];

/** Whether the act may go on: only while everyone's media reaches the server recorder (the server checks the same). */
export const isRecordingLive = (state: RecordingState) => state === 'recording';

/** The red dot while recording; for everyone, a warning when it stopped (nothing can be decided until it resumes). */
export function RecordingBadge(props: { state: RecordingState }) {
  const { t } = useTranslation('call');
  if (props.state !== 'recording') return null;
  return (
    <Badge
      color="red.9"
      variant="filled"
      leftSection="●"
      style={{ flexShrink: 0 }}
      data-testid="recording-badge"
    >
      {t('room.recording')}
    </Badge>
  );
}

/** For everyone in the call: whose audio and video do not reach the server recorder (decision 0081). */
export function RecordingWarning(props: { state: RecordingState; isNotary: boolean; missing: string[] }) {
  const { t } = useTranslation('call');
  const stopped = props.state === 'stale' || props.state === 'failed';
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
      color="red.9"
      icon={<AlertTriangle size={18} aria-hidden="true" />}
      title={t('room.recordingStoppedTitle')}
      role="alert"
      data-testid="recording-warning"
    >
      {t(props.isNotary ? 'room.recordingStoppedNotary' : 'room.recordingStopped', {
        names: props.missing.join(', '),
      })}
    </Alert>
  );
}
