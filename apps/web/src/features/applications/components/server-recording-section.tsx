import { Button, Group, Stack, Text } from '@mantine/core';
import type { RecordingChapter, ServerRecording } from '@mohar/contracts';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '@/lib/api-errors';
import { formatDateTime, formatElapsed, formatFileSize, formatTimeOfDay } from '@/lib/format';
import {
  composedViewUrl,
  rawTrackUrl,
  readServerRecordingFile,
  useServerRecording,
} from '../api/get-server-recording';
import classes from './applications.module.css';
import { DetailList, ViewSection } from './view-section';

/**
 * A file of the server recording in a `<video>`: the notary's browser streams it (byte ranges, with the session's
 * cookie); an admin's is fetched on request (the read is audited, and may ask for step-up first), then played from
 * memory, so a later seek never meets a step-up refusal.
 */
function MediaPlayer(props: {
  applicationId: string;
  track: string | null;
  isAdmin: boolean;
  label: string;
  testId: string;
  videoRef?: RefObject<HTMLVideoElement | null>;
  onReady?: () => void;
}) {
  const { t } = useTranslation('applications');
  const [url, setUrl] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { onReady } = props;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  useEffect(() => {
    if (!props.isAdmin) onReady?.();
  }, [props.isAdmin, onReady]);
  const source = props.isAdmin
    ? url
    : props.track === null
      ? composedViewUrl(props.applicationId)
      : rawTrackUrl(props.applicationId, props.track);
  if (source)
    return (
      // biome-ignore lint/a11y/useMediaCaption: a recording of a live call has no captions to offer.
      <video
        ref={props.videoRef}
        className={classes.recording}
        controls
        preload="metadata"
        src={source}
        aria-label={props.label}
        data-testid={props.testId}
      />
    );
  const load = async () => {
    setPending(true);
    setFailure(null);
    try {
      setUrl(URL.createObjectURL(await readServerRecordingFile(props.applicationId, props.track)));
      onReady?.();
    } catch (error) {
      setFailure(failureMessage(error, t('view.recording.failed')));
    } finally {
      setPending(false);
    }
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="default"
        loading={isPending}
        onClick={() => void load()}
        data-testid={`${props.testId}-load`}
      >
        {t('view.serverRecording.load', { name: props.label })}
      </Button>
      {failure && (
        <Text size="sm" c="red" role="alert">
          {failure}
        </Text>
      )}
    </Stack>
  );
}

/** What a chapter says, in the page's language: the session timeline's sentences, and the seal. */
function useChapterText() {
  const { t } = useTranslation('applications');
  return (chapter: RecordingChapter) => {
    const names = {
      actor: chapter.actorName ?? t('view.serverRecording.someone'),
      subject: chapter.subjectName ?? t('view.serverRecording.someone'),
    };
    return chapter.kind === 'sealed'
      ? t('view.serverRecording.sealed', names)
      : t(`timeline.session.${chapter.kind}`, names);
  };
}

/** The session's events as chapters: each a button that moves the composed view there (keyboard: Tab, Enter). */
export function ChapterList(props: {
  chapters: RecordingChapter[];
  onSeek: ((offsetMs: number) => void) | null;
}) {
  const { t } = useTranslation('applications');
  const text = useChapterText();
  if (props.chapters.length === 0) return null;
  return (
    <nav aria-label={t('view.serverRecording.chapters')}>
      <Text size="sm" fw={600}>
        {t('view.serverRecording.chapters')}
      </Text>
      <Stack component="ol" gap={2} className={classes.chapters} data-testid="recording-chapters">
        {props.chapters.map((chapter) => {
          const label = `${formatElapsed(chapter.offsetMs)} · ${text(chapter)}`;
          const time = t('view.serverRecording.atTime', { time: formatTimeOfDay(chapter.at) });
          const { onSeek } = props;
          return (
            <li key={`${chapter.kind}-${chapter.at}`}>
              {onSeek ? (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  className={classes.chapterButton}
                  onClick={() => onSeek(chapter.offsetMs)}
                  aria-label={`${label} (${time})`}
                >
                  {label}
                </Button>
              ) : (
                <Text size="sm">{label}</Text>
              )}{' '}
              <Text span size="xs" c="dimmed">
                {time}
              </Text>
            </li>
          );
        })}
      </Stack>
    </nav>
  );
}

function RawTracks(props: { recording: ServerRecording; isAdmin: boolean }) {
  const { t } = useTranslation('applications');
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('view.serverRecording.tracks')}
      </Text>
      <Stack component="ul" gap="sm" className={classes.chapters} data-testid="recording-tracks">
        {props.recording.tracks.map((track) => {
          const name = t('view.serverRecording.trackName', {
            name: track.participantName,
            take: track.take + 1,
          });
          return (
            <li key={track.id}>
              <Group gap="xs" wrap="wrap" justify="space-between">
                <Text size="sm">
                  {name} ·{' '}
                  {track.durationMs === null
                    ? t('view.serverRecording.lengthPending')
                    : formatElapsed(track.durationMs)}{' '}
                  · {formatFileSize(track.sizeBytes)}
                </Text>
                {open !== track.id && !props.recording.purgedAt && (
                  <Button variant="default" size="compact-sm" onClick={() => setOpen(track.id)}>
                    {t('view.serverRecording.showTrack', { name })}
                  </Button>
                )}
              </Group>
              {open === track.id && (
                <MediaPlayer
                  applicationId={props.recording.applicationId}
                  track={track.id}
                  isAdmin={props.isAdmin}
                  label={name}
                  testId="raw-track-player"
                />
              )}
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}

/**
 * The server recording (issue 24, decision 0084) for the session's notary and admins: the composed view with the
 * session's events as chapters, each raw track on demand, and the hashes that identify them.
 */
export function ServerRecordingSection(props: { applicationId: string; enabled: boolean; isAdmin: boolean }) {
  const { t } = useTranslation('applications');
  const query = useServerRecording(props.applicationId, props.enabled);
  const video = useRef<HTMLVideoElement | null>(null);
  const [isPlayable, setPlayable] = useState(false);
  const markPlayable = useCallback(() => setPlayable(true), []);
  if (!props.enabled || !query.data) return null;
  const recording = query.data;
  const { state } = recording.composed;
  const seek = (offsetMs: number) => {
    if (!video.current) return;
    video.current.currentTime = offsetMs / 1000;
    void video.current.play().catch(() => {});
  };
  return (
    <ViewSection
      id="server-recording"
      title={t('view.serverRecording.title')}
      testId="server-recording-section"
    >
      {recording.purgedAt ? (
        // Retention ended (decision 0085): the files are gone; what identifies them stays below.
        <Text size="sm" data-testid="server-recording-purged">
          {t('view.serverRecording.purged', { date: `${formatDateTime(recording.purgedAt)} IST` })}
        </Text>
      ) : state === 'ready' ? (
        <MediaPlayer
          applicationId={props.applicationId}
          track={null}
          isAdmin={props.isAdmin}
          label={t('view.serverRecording.composed')}
          testId="composed-view-player"
          videoRef={video}
          onReady={markPlayable}
        />
      ) : (
        <Text size="sm" c={state === 'failed' ? 'red' : undefined} data-testid="composed-view-state">
          {t(state === 'failed' ? 'view.serverRecording.failed' : 'view.serverRecording.pending')}
        </Text>
      )}
      <ChapterList
        chapters={recording.chapters}
        onSeek={state === 'ready' && isPlayable && !recording.purgedAt ? seek : null}
      />
      <RawTracks recording={recording} isAdmin={props.isAdmin} />
      <DetailList
        rows={[
          [
            t('view.serverRecording.span'),
            formatElapsed(Date.parse(recording.endedAt) - Date.parse(recording.startedAt)),
          ],
          [
            t('view.serverRecording.keptUntil'),
            recording.keptUntil ? `${formatDateTime(recording.keptUntil)} IST` : '—',
          ],
          [
            t('view.serverRecording.finalHash'),
            <Text
              key="hash"
              size="sm"
              ff="monospace"
              className={classes.hashText}
              data-testid="server-recording-hash"
            >
              {recording.finalHash}
            </Text>,
          ],
        ]}
      />
    </ViewSection>
  );
}
