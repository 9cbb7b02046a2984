import { Badge } from '@mantine/core';
import type { LiveSession, SealState } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';

const RECORDING_COLOURS: Record<LiveSession['recording']['state'], string> = {
  none: 'yellow',
  recording: 'green',
  stale: 'red',
  stopped: 'yellow',
  failed: 'red',
  finished: 'gray',
};

/** Where the recording stands, in words; red when it needs someone (parts stopped arriving, or it failed). */
export function RecordingBadge({ state }: { state: LiveSession['recording']['state'] }) {
  const { t } = useTranslation('admin-applications');
  return (
    <Badge variant="light" color={RECORDING_COLOURS[state]} data-testid="recording-state">
      {t(`recording.${state}`)}
    </Badge>
  );
}

const SEAL_COLOURS: Record<SealState['status'], string> = { running: 'ink', done: 'green', failed: 'red' };

export function SealBadge({ status }: { status: SealState['status'] }) {
  const { t } = useTranslation('admin-applications');
  return (
    <Badge variant="light" color={SEAL_COLOURS[status]} data-testid="seal-state">
      {t(`seals.states.${status}`)}
    </Badge>
  );
}
