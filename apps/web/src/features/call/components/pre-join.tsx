import { Alert, Button, Group, Loader, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { Camera, Mic, RefreshCw, VideoOff, Wifi, WifiOff } from 'lucide-react';
import { type JSX, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeviceOption, useMediaDevices } from '../hooks/use-media-devices';
import { watchAudioLevel } from '../lib/audio-level';
import { mediaProblemKeys } from '../lib/media-problem';
import { type ConnectionQuality, checkNetwork, type NetworkCheck } from '../lib/network-check';
import classes from './pre-join.module.css';

export type PreJoinChoice = {
  stream: MediaStream;
  audioDeviceId: string | null;
  videoDeviceId: string | null;
  audio: boolean;
  video: boolean;
};

export type PreJoinProps = {
  /** Receives the live stream (tracks enabled as chosen); from then on the caller owns it and stops it. */
  onJoin: (choice: PreJoinChoice) => void;
  joining?: boolean;
  /** False while it is not yet known that the session is live: the camera starts, "Join now" waits. */
  canJoin?: boolean;
  heading?: string;
};

const QUALITY_COLOR: Record<ConnectionQuality, string> = {
  good: 'var(--mantine-color-green-filled)',
  fair: 'var(--mantine-color-yellow-filled)',
  poor: 'var(--mantine-color-red-filled)',
  unreachable: 'var(--mantine-color-red-filled)',
  offline: 'var(--mantine-color-red-filled)',
};

function useNetworkCheck() {
  const [result, setResult] = useState<NetworkCheck | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the "Check again" button
  useEffect(() => {
    const controller = new AbortController();
    setResult(null);
    void checkNetwork({ signal: controller.signal }).then((checked) => {
      if (!controller.signal.aborted) setResult(checked);
    });
    return () => controller.abort();
  }, [attempt]);

  useEffect(() => {
    const onChange = () => setAttempt((n) => n + 1);
    window.addEventListener('online', onChange);
    window.addEventListener('offline', onChange);
    return () => {
      window.removeEventListener('online', onChange);
      window.removeEventListener('offline', onChange);
    };
  }, []);

  return { result, recheck: () => setAttempt((n) => n + 1) };
}

/** The microphone's loudness, about 10 times a second; 0 while it is off. */
function useAudioLevel(stream: MediaStream | null, isOn: boolean) {
  const [level, setLevel] = useState(0);
  // Browsers may keep audio paused until the page is used: the first click or key press starts the meter again.
  const [unlocks, setUnlocks] = useState(0);
  useEffect(() => {
    const unlock = () => setUnlocks((n) => n + 1);
    window.addEventListener('pointerdown', unlock, { once: true });
    window.addEventListener('keydown', unlock, { once: true });
    return () => {
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
    };
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `unlocks` restarts the meter once audio may play
  useEffect(() => {
    setLevel(0);
    if (!stream || !isOn) return;
    return watchAudioLevel(stream, setLevel);
  }, [stream, isOn, unlocks]);
  return level;
}

function DevicePicker(props: {
  label: string;
  icon: JSX.Element;
  options: DeviceOption[];
  value: string | null;
  fallbackLabel: (number: number) => string;
  emptyLabel: string;
  disabled: boolean;
  onChange: (deviceId: string) => void;
}) {
  const data = props.options.map((option, index) => ({
    value: option.deviceId,
    label: option.label ?? props.fallbackLabel(index + 1),
  }));
  return (
    <Select
      label={props.label}
      leftSection={props.icon}
      data={data}
      value={data.some((d) => d.value === props.value) ? props.value : null}
      placeholder={data.length === 0 ? props.emptyLabel : undefined}
      allowDeselect={false}
      disabled={props.disabled || data.length === 0}
      onChange={(value) => value && value !== props.value && props.onChange(value)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function BlockedHelp() {
  const { t } = useTranslation('call');
  return (
    <Stack gap="xs">
      <Text size="sm">{t('preJoin.problem.blocked.body')}</Text>
      <ol className={classes.steps}>
        <li>
          <Text size="sm">{t('preJoin.problem.blocked.stepAddress')}</Text>
        </li>
        <li>
          <Text size="sm">{t('preJoin.problem.blocked.stepAllow')}</Text>
        </li>
        <li>
          <Text size="sm">{t('preJoin.problem.blocked.stepRetry')}</Text>
        </li>
      </ol>
      <Text size="sm">{t('preJoin.problem.blocked.stepPhone')}</Text>
    </Stack>
  );
}

function ConnectionStatus(props: { result: NetworkCheck | null; onRecheck: () => void }) {
  const { t } = useTranslation('call');
  const { result } = props;
  const hint = result && result.quality !== 'good' ? t(`preJoin.connection.${result.quality}Hint`) : null;
  return (
    <Stack gap={4} data-testid="pre-join-connection" data-quality={result?.quality ?? 'checking'}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap="xs" wrap="nowrap" role="status">
          {!result ? (
            <Loader size={14} aria-hidden="true" />
          ) : result.quality === 'offline' || result.quality === 'unreachable' ? (
            <WifiOff size={16} aria-hidden="true" color={QUALITY_COLOR[result.quality]} />
          ) : (
            <Wifi size={16} aria-hidden="true" color={QUALITY_COLOR[result.quality]} />
          )}
          <Text size="sm" className={classes.numeric}>
            {result
              ? t(`preJoin.connection.${result.quality}`, { ms: result.roundTripMs })
              : t('preJoin.connection.checking')}
          </Text>
        </Group>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<RefreshCw size={14} aria-hidden="true" />}
          disabled={!result}
          onClick={props.onRecheck}
        >
          {t('preJoin.connection.recheck')}
        </Button>
      </Group>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Before the live session: the camera preview, a microphone meter, device pickers, whether to join with the
 * microphone or camera off, and the connection to Mohar. "Join now" hands the live stream to the call page.
 */
export function PreJoin(props: PreJoinProps): JSX.Element {
  const { t } = useTranslation('call');
  const media = useMediaDevices();
  const network = useNetworkCheck();
  const [isAudioOn, setIsAudioOn] = useState(true);
  const [isVideoOn, setIsVideoOn] = useState(true);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const level = useAudioLevel(media.stream, isAudioOn);
  const headingId = useId();
  const levelId = useId();
  const { stream } = media;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.srcObject = stream;
    if (stream) void video.play().catch(() => {});
  }, [stream]);

  // The preview and the stream handed over follow the switches: a disabled track sends silence or black.
  useEffect(() => {
    for (const track of stream?.getAudioTracks() ?? []) track.enabled = isAudioOn;
    for (const track of stream?.getVideoTracks() ?? []) track.enabled = isVideoOn;
  }, [stream, isAudioOn, isVideoOn]);

  const onJoin = () => {
    if (props.joining || props.canJoin === false) return;
    const handed = media.handOver();
    if (!handed) return;
    props.onJoin({
      stream: handed,
      audioDeviceId: media.audioDeviceId,
      videoDeviceId: media.videoDeviceId,
      audio: isAudioOn,
      video: isVideoOn,
    });
  };

  const problemKeys = media.problem ? mediaProblemKeys(media.problem) : null;
  const isLocked = media.isHandedOver || !!props.joining;

  return (
    <Stack gap="lg" component="section" aria-labelledby={headingId} data-testid="pre-join">
      <Stack gap={4}>
        <Title order={1} size="h2" id={headingId}>
          {props.heading ?? t('preJoin.title')}
        </Title>
        <Text c="dimmed">{t('preJoin.intro')}</Text>
      </Stack>

      <div className={classes.layout}>
        <Stack gap="xs">
          <div className={classes.previewFrame}>
            <video
              ref={videoRef}
              className={classes.video}
              data-hidden={!stream || !isVideoOn}
              autoPlay
              muted
              playsInline
              aria-label={t('preJoin.previewLabel')}
              data-testid="pre-join-preview"
            />
            {(!stream || !isVideoOn) && (
              <div className={classes.overlay}>
                {media.isStarting ? (
                  <>
                    <Loader color="gray.2" size="sm" aria-hidden="true" />
                    <Text size="sm">{t('preJoin.starting')}</Text>
                  </>
                ) : (
                  <>
                    <VideoOff size={32} aria-hidden="true" />
                    <Text size="sm">{stream ? t('preJoin.cameraOff') : t('preJoin.noVideo')}</Text>
                  </>
                )}
              </div>
            )}
          </div>
          {stream && isVideoOn && (
            <Text size="xs" c="dimmed">
              {t('preJoin.mirrored')}
            </Text>
          )}
          {problemKeys && (
            <Alert
              color="red"
              variant="light"
              role="alert"
              title={t(problemKeys.title)}
              data-testid="pre-join-problem"
              data-problem={media.problem}
            >
              <Stack gap="sm" align="flex-start">
                {media.problem === 'blocked' ? <BlockedHelp /> : <Text size="sm">{t(problemKeys.body)}</Text>}
                <Group gap="sm">
                  <Button size="sm" onClick={media.retry} data-testid="pre-join-retry">
                    {t('preJoin.tryAgain')}
                  </Button>
                  {media.problem === 'blocked' && (
                    <Button size="sm" variant="default" onClick={() => window.location.reload()}>
                      {t('preJoin.reload')}
                    </Button>
                  )}
                </Group>
              </Stack>
            </Alert>
          )}
        </Stack>

        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <DevicePicker
              label={t('preJoin.camera')}
              icon={<Camera size={16} aria-hidden="true" />}
              options={media.cameras}
              value={media.videoDeviceId}
              fallbackLabel={(number) => t('preJoin.cameraN', { number })}
              emptyLabel={t('preJoin.noDevices')}
              disabled={media.isStarting || isLocked}
              onChange={media.selectCamera}
            />
            <DevicePicker
              label={t('preJoin.microphone')}
              icon={<Mic size={16} aria-hidden="true" />}
              options={media.microphones}
              value={media.audioDeviceId}
              fallbackLabel={(number) => t('preJoin.microphoneN', { number })}
              emptyLabel={t('preJoin.noDevices')}
              disabled={media.isStarting || isLocked}
              onChange={media.selectMicrophone}
            />
            <Stack gap={4}>
              <Text component="label" htmlFor={levelId} size="sm" fw={500}>
                {t('preJoin.level')}
              </Text>
              <meter
                id={levelId}
                className={classes.meter}
                min={0}
                max={1}
                low={0.02}
                value={level}
                data-testid="pre-join-level"
              />
              <Text size="xs" c="dimmed">
                {isAudioOn ? t('preJoin.levelHint') : t('preJoin.levelMuted')}
              </Text>
            </Stack>
            <Switch
              label={t('preJoin.joinWithMic')}
              checked={isAudioOn}
              disabled={!stream || isLocked}
              onChange={(event) => setIsAudioOn(event.currentTarget.checked)}
              data-testid="pre-join-audio"
            />
            <Switch
              label={t('preJoin.joinWithCamera')}
              description={isVideoOn ? undefined : t('preJoin.cameraOffNote')}
              checked={isVideoOn}
              disabled={!stream || isLocked}
              onChange={(event) => setIsVideoOn(event.currentTarget.checked)}
              data-testid="pre-join-video"
            />
            <ConnectionStatus result={network.result} onRecheck={network.recheck} />
            {/* On phones the settings run below the fold: the action stays pinned to the bottom of the screen. */}
            <div className={classes.joinBar}>
              <Button
                size="lg"
                fullWidth
                disabled={!stream || props.canJoin === false}
                loading={props.joining}
                onClick={onJoin}
                data-testid="pre-join-join"
              >
                {t('preJoin.join')}
              </Button>
            </div>
          </Stack>
        </Paper>
      </div>
    </Stack>
  );
}
