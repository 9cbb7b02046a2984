import { ActionIcon, Button, Indicator, Tooltip } from '@mantine/core';
import {
  FileText,
  IdCard,
  LogOut,
  MessageSquare,
  Mic,
  MicOff,
  PhoneOff,
  Stamp,
  Video,
  VideoOff,
} from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './call.module.css';

export type SidePanel = 'identity' | 'document' | 'chat' | null;

/**
 * The bar under the grid: microphone, camera, the side panels, and leaving (or, for the notary, ending). Memoised
 * (its tooltips are not cheap to render): the call's screen renders again on every connection step.
 * Filled colours name shade 9: the theme's dark shade (4) under white text falls below WCAG AA (2.4:1 for red).
 */
export const CallControls = memo(function CallControls(props: {
  audio: boolean;
  video: boolean;
  onToggleAudio: () => void;
  onToggleVideo: () => void;
  panel: SidePanel;
  onPanel: (panel: SidePanel) => void;
  unreadChat: number;
  isNotary: boolean;
  onLeave: () => void;
  onEnd?: () => void;
  /** The notary, once everyone has signed. */
  onSeal?: () => void;
  /** While sealing runs nothing may end the session or start another seal: it can no longer be undone. */
  isSealing?: boolean;
}) {
  const { t } = useTranslation('call');
  const toggle = (panel: Exclude<SidePanel, null>) => props.onPanel(props.panel === panel ? null : panel);
  return (
    <div className={classes.controls} role="toolbar" aria-label={t('room.controls')}>
      <Tooltip label={props.audio ? t('room.muteMic') : t('room.unmuteMic')}>
        <ActionIcon
          size="xl"
          radius="xl"
          variant={props.audio ? 'default' : 'filled'}
          color={props.audio ? undefined : 'red.9'}
          aria-pressed={!props.audio}
          aria-label={props.audio ? t('room.muteMic') : t('room.unmuteMic')}
          onClick={props.onToggleAudio}
          data-testid="toggle-mic"
        >
          {props.audio ? <Mic size={20} /> : <MicOff size={20} />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label={props.video ? t('room.stopCamera') : t('room.startCamera')}>
        <ActionIcon
          size="xl"
          radius="xl"
          variant={props.video ? 'default' : 'filled'}
          color={props.video ? undefined : 'red.9'}
          aria-pressed={!props.video}
          aria-label={props.video ? t('room.stopCamera') : t('room.startCamera')}
          onClick={props.onToggleVideo}
          data-testid="toggle-camera"
        >
          {props.video ? <Video size={20} /> : <VideoOff size={20} />}
        </ActionIcon>
      </Tooltip>
      {props.isNotary && (
        <Tooltip label={t('room.identityPanel')}>
          <ActionIcon
            size="xl"
            radius="xl"
            variant={props.panel === 'identity' ? 'filled' : 'default'}
            aria-pressed={props.panel === 'identity'}
            aria-label={t('room.identityPanel')}
            onClick={() => toggle('identity')}
            data-testid="toggle-identity"
          >
            <IdCard size={20} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={t('room.documentPanel')}>
        <ActionIcon
          size="xl"
          radius="xl"
          variant={props.panel === 'document' ? 'filled' : 'default'}
          aria-pressed={props.panel === 'document'}
          aria-label={t('room.documentPanel')}
          onClick={() => toggle('document')}
          data-testid="toggle-document"
        >
          <FileText size={20} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('room.chat')}>
        <Indicator label={props.unreadChat} size={16} disabled={props.unreadChat === 0} offset={4}>
          <ActionIcon
            size="xl"
            radius="xl"
            variant={props.panel === 'chat' ? 'filled' : 'default'}
            aria-pressed={props.panel === 'chat'}
            aria-label={
              props.unreadChat > 0 ? t('room.chatUnread', { count: props.unreadChat }) : t('room.chat')
            }
            onClick={() => toggle('chat')}
            data-testid="toggle-chat"
          >
            <MessageSquare size={20} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      {props.isNotary && props.onSeal ? (
        <Button
          radius="xl"
          color="teal.9"
          leftSection={<Stamp size={18} aria-hidden="true" />}
          onClick={props.onSeal}
          disabled={props.isSealing}
          data-testid="attest-seal"
        >
          {t('room.seal')}
        </Button>
      ) : null}
      {props.isNotary && props.onEnd ? (
        <Button
          color="red.9"
          radius="xl"
          leftSection={<PhoneOff size={18} aria-hidden="true" />}
          onClick={props.onEnd}
          disabled={props.isSealing}
          data-testid="end-session"
        >
          {t('room.endSession')}
        </Button>
      ) : null}
      <Button
        variant="default"
        radius="xl"
        leftSection={<LogOut size={18} aria-hidden="true" />}
        onClick={props.onLeave}
        data-testid="leave-call"
      >
        {t('room.leave')}
      </Button>
    </div>
  );
});
