import { Badge, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { MicOff, MoreVertical, ShieldCheck, VideoOff, WifiOff } from 'lucide-react';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markCallStep } from '@/lib/call-marks';
import { SPEAKING_LEVEL, watchAudioLevel } from '../lib/audio-level';
import type { PeerConnectionState, Quality } from '../lib/mesh';
import classes from './call.module.css';

export type TileProps = {
  participant: string;
  name: string;
  role: 'notary' | 'signatory';
  stream: MediaStream | null;
  isSelf: boolean;
  audio: boolean;
  video: boolean;
  state?: PeerConnectionState;
  quality?: Quality;
  isConfirmed?: boolean;
  /** The notary's menu on a signatory's tile: asks to remove this participant. */
  onRemove?: (participant: string) => void;
};

/**
 * One person in the grid: their video (own one mirrored and muted), name, microphone, camera, speaking, link.
 * Memoised: the call's screen renders again on every step of every connection, a tile only when its own props
 * changed (decision 0036).
 */
export const VideoTile = memo(function VideoTile(props: TileProps) {
  const { t } = useTranslation('call');
  const videoRef = useRef<HTMLVideoElement>(null);
  const [isSpeaking, setSpeaking] = useState(false);
  const { stream, audio, isSelf, participant } = props;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.srcObject !== stream) video.srcObject = stream;
    if (!stream) return;
    void video.play().catch(() => {});
    // The first picture of another person's camera (a mark for the bench, lib/call-marks.ts).
    if (!isSelf && 'requestVideoFrameCallback' in video)
      video.requestVideoFrameCallback(() => markCallStep('first-frame', participant));
  }, [stream, isSelf, participant]);

  useEffect(() => {
    if (!stream || !audio) {
      setSpeaking(false);
      return;
    }
    return watchAudioLevel(stream, (level) => setSpeaking(level > SPEAKING_LEVEL));
  }, [stream, audio]);

  const isReconnecting = props.state === 'reconnecting' || props.state === 'failed';
  return (
    <figure
      className={classes.tile}
      data-speaking={isSpeaking || undefined}
      data-testid="call-tile"
      data-participant={props.participant}
      aria-label={props.isSelf ? t('room.you', { name: props.name }) : props.name}
    >
      <video
        ref={videoRef}
        className={classes.video}
        data-self={props.isSelf || undefined}
        autoPlay
        playsInline
        muted={props.isSelf}
        data-testid={props.isSelf ? 'self-video' : 'remote-video'}
      />
      {(!props.video || !stream) && (
        <div className={classes.placeholder} aria-hidden="true">
          <span className={classes.initials}>{initials(props.name)}</span>
        </div>
      )}
      {isReconnecting && (
        <div className={classes.reconnecting} role="status">
          <WifiOff size={18} aria-hidden="true" /> {t('room.reconnecting')}
        </div>
      )}
      {!props.isSelf && props.state === 'connecting' && !isReconnecting && (
        <div className={classes.reconnecting} role="status">
          {t('room.connecting')}
        </div>
      )}
      <figcaption className={classes.caption}>
        <Group gap={6} wrap="wrap" style={{ minWidth: 0, flex: 1 }}>
          {!props.audio && <MicOff size={14} aria-label={t('room.micOff')} />}
          {!props.video && <VideoOff size={14} aria-label={t('room.cameraOff')} />}
          <Text size="sm" fw={600} className={classes.name} data-testid="call-tile-name">
            {props.isSelf ? t('room.you', { name: props.name }) : props.name}
          </Text>
          {props.role === 'notary' && (
            <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
              {t('room.notary')}
            </Badge>
          )}
          {props.isConfirmed && <ShieldCheck size={14} aria-label={t('room.identityConfirmed')} />}
        </Group>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {!props.isSelf && props.quality && props.quality !== 'unknown' && (
            <span
              className={classes.quality}
              data-quality={props.quality}
              title={t(`room.quality.${props.quality}`)}
            >
              <VisuallyHidden>{t(`room.quality.${props.quality}`)}</VisuallyHidden>
            </span>
          )}
          {props.onRemove && (
            <Menu position="top-end" withinPortal>
              <Menu.Target>
                <UnstyledButton
                  className={classes.tileMenu}
                  aria-label={t('room.more', { name: props.name })}
                >
                  <MoreVertical size={16} aria-hidden="true" />
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item color="red" onClick={() => props.onRemove?.(props.participant)}>
                  {t('room.remove')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </figcaption>
    </figure>
  );
});

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}
