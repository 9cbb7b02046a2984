import { Alert, Group, Text, Title, useMatches } from '@mantine/core';
import {
  type CallMediaState,
  type CallSignedMessage,
  failSessionRequest,
  type SealStage,
  type SessionView,
  type SigningState,
} from '@mohar/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ReasonDialog } from '@/components/reason-dialog';
import { errorMessage, failureMessage } from '@/lib/api-errors';
import { sealKeys, sealSession } from '../api/seal';
import { failSession } from '../api/session';
import {
  getNotarySigning,
  getPortalSigning,
  reorderSigning,
  signingKeys,
  submitSignature,
} from '../api/signing';
import { useCallRoom } from '../hooks/use-call-room';
import { useStable } from '../hooks/use-stable';
import type { StartedCall } from '../lib/call-start';
import { peerStreams, samePeerStreams } from '../lib/peer-views';
import { isSealing } from '../lib/seal-steps';
import classes from './call.module.css';
import { CallControls, type SidePanel } from './call-controls';
import { ChatPanel } from './chat-panel';
import { DocumentPanel } from './document-panel';
import { IdentityPanel } from './identity-panel';
import { isRecordingLive, RecordingBadge, RecordingWarning } from './recording-banner';
import { SealProgress } from './seal-progress';
import { SealStages } from './seal-stages';
import { SignatureDialog } from './signature-dialog';
import { SigningPanel } from './signing-panel';
import { VideoTile } from './video-tile';

// The notary's editor for signature places (and its 20 KB) is fetched only when the notary opens the document.
const NotarySignaturePlaces = lazy(() =>
  import('./notary-signature-places').then((module) => ({ default: module.NotarySignaturePlaces })),
);

/** Columns for n tiles: one person fills the stage; up to 7 fit in a 3-wide grid (fewer on a phone). */
function columnsFor(count: number, isWide: boolean) {
  if (count <= 1) return 1;
  if (!isWide) return count <= 2 ? 1 : 2;
  return count <= 4 ? 2 : 3;
}

const isSealingStage = (stage: SealStage | null) => (isSealing(stage) ? stage : null);

/** The signatories' view of sealing: each stage as the server reports it, or that it did not finish. */
function SignatorySealBanner({ stage }: { stage: SealStage | null }) {
  const { t } = useTranslation('call');
  if (isSealing(stage))
    return (
      <Alert color="blue" variant="light" role="status" data-testid="seal-running">
        <SealStages stage={stage} />
      </Alert>
    );
  if (stage === 'failed')
    return (
      <Alert color="yellow" variant="light" role="status" data-testid="seal-failed">
        <Text size="sm">{t('room.sealFailedForSignatory')}</Text>
      </Alert>
    );
  return null;
}

export function CallRoom(props: {
  view: SessionView;
  portalToken?: string;
  localStream: MediaStream;
  initialMedia: CallMediaState;
  /** The call "Join now" started (joined before this screen rendered), if any; the call starts its own otherwise. */
  call?: Promise<StartedCall> | null;
  onSessionChanged: () => void;
  /** The call heard that the session ended as `status` (shown at once, before the session is read again). */
  onEnded?: (status: string) => void;
  onLeft: (why: 'left' | 'removed') => void;
}) {
  const { t } = useTranslation('call');
  const { view } = props;
  const isNotary = view.self.startsWith('user:');
  const isWide = useMatches({ base: false, sm: true });
  const room = useCallRoom({
    applicationId: view.applicationId,
    portalToken: props.portalToken,
    localStream: props.localStream,
    initialMedia: props.initialMedia,
    call: props.call ?? null,
    onSessionChanged: () => refresh(),
    onSigned: (message) => onSigned(message),
    onEnded: props.onEnded,
  });
  // Signatures heard in this call, shown over the document until their stamped version is drawn.
  const [signatures, setSignatures] = useState<CallSignedMessage[]>([]);
  const [panel, setPanel] = useState<SidePanel>(isNotary ? 'identity' : null);
  const [seenChat, setSeenChat] = useState(0);
  const [isEnding, setEnding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [isSigning, setSigning] = useState(false);
  const [isSealDialogOpen, setSealDialogOpen] = useState(false);
  const queryClient = useQueryClient();
  const token = props.portalToken;
  const signing = useQuery({
    queryKey: token ? signingKeys.portal(token) : signingKeys.notary(view.applicationId),
    queryFn: ({ signal }) =>
      token ? getPortalSigning(token, signal) : getNotarySigning(view.applicationId, signal),
  });
  // Everything the call hears (signatures, decisions, the recording) may change the signing order too.
  const refresh = () => {
    props.onSessionChanged();
    void queryClient.invalidateQueries({ queryKey: signingKeys.all });
  };
  const signingKey = token ? signingKeys.portal(token) : signingKeys.notary(view.applicationId);
  /** The signing order as the server now tells it, unless a newer one is already here. */
  const takeSigningState = (state: SigningState) =>
    queryClient.setQueryData<SigningState>(signingKey, (old) =>
      old && old.version > state.version ? old : state,
    );
  // A signature or a reorder: the message carries the new order and what every screen needs to show the signature,
  // so nothing is read again before it shows; the session view (participants' acts) is read again behind it.
  const onSigned = (message: CallSignedMessage) => {
    if (message.signatoryId !== null)
      setSignatures((list) => (list.some((m) => m.version === message.version) ? list : [...list, message]));
    if (message.state) takeSigningState(message.state);
    else void queryClient.invalidateQueries({ queryKey: signingKeys.all });
    props.onSessionChanged();
  };
  const people = useMemo(
    () => new Map(view.participants.map((p) => [p.participant, p])),
    [view.participants],
  );
  const me = people.get(view.self);
  const { snapshot } = room;

  const onLeft = useRef(props.onLeft);
  onLeft.current = props.onLeft;
  useEffect(() => {
    if (snapshot.status === 'removed') onLeft.current('removed');
  }, [snapshot.status]);

  useEffect(() => {
    if (panel === 'chat') setSeenChat(room.chat.length);
  }, [panel, room.chat.length]);

  const seal = useMutation({
    mutationFn: async () => {
      // Everyone hears at once that the seal began (the server then finishes the recording, decision 0081).
      room.announceSealing();
      return sealSession(view.applicationId);
    },
    onSuccess: () => {
      setSealDialogOpen(false);
      refresh();
    },
    // Failed or already under way (another tab, a reload): the progress line above the stage tells which.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sealKeys.status(view.applicationId) }),
  });

  const reorder = useMutation({
    mutationFn: (ids: string[]) => reorderSigning(view.applicationId, ids),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: signingKeys.all }),
  });

  const end = useMutation({
    // The server finishes the recording as the session ends (decision 0081).
    mutationFn: (reason: string) => failSession(view.applicationId, reason),
    onSuccess: () => {
      setEnding(false);
      props.onSessionChanged();
    },
  });

  // The identity checks render again only when a stream or a connection changed (memo below, decision 0036).
  const streams = useStable(peerStreams(snapshot.peers), samePeerStreams);
  // Stable handlers: the controls and tiles are memoised, and every mesh step renders this screen again.
  const { setMedia, leave } = room;
  const toggleAudio = useCallback(
    () => setMedia({ ...room.media, audio: !room.media.audio }),
    [setMedia, room.media],
  );
  const toggleVideo = useCallback(
    () => setMedia({ ...room.media, video: !room.media.video }),
    [setMedia, room.media],
  );
  const leaveCall = useCallback(() => {
    leave();
    onLeft.current('left');
  }, [leave]);
  const openEnd = useCallback(() => setEnding(true), []);
  const openSeal = useCallback(() => setSealDialogOpen(true), []);
  const canDecide = isRecordingLive(view.recording.state);
  const waitingFor = view.participants.filter(
    (p) => p.participant !== view.self && !snapshot.peers.some((peer) => peer.participant === p.participant),
  );
  const tiles = 1 + snapshot.peers.length;

  return (
    <div className={classes.room} data-testid="call-room" data-status={snapshot.status}>
      <header className={classes.header}>
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h4" c="white" lineClamp={1}>
            {view.title ?? t('room.untitled')}
          </Title>
          <Text size="xs" c="gray.4" lineClamp={1} data-testid="call-status">
            {snapshot.status === 'reconnecting'
              ? t('room.youReconnecting')
              : snapshot.status === 'joining'
                ? t('room.joining')
                : waitingFor.length > 0
                  ? t('room.waitingFor', { names: waitingFor.map((p) => p.name).join(', ') })
                  : t('room.everyoneHere')}
          </Text>
        </div>
        <RecordingBadge state={view.recording.state} />
      </header>
      {/* Always present: the room's grid rows are header, warnings, stage, controls. */}
      <div>
        <RecordingWarning
          state={view.recording.state}
          isNotary={isNotary}
          missing={view.recording.missing.map((participant) => people.get(participant)?.name ?? participant)}
        />
        {isNotary && (
          <SealProgress
            applicationId={view.applicationId}
            stage={room.sealStage}
            isRetrying={seal.isPending && !isSealDialogOpen}
            onRetry={() => seal.mutate()}
            onDone={refresh}
          />
        )}
        {!isNotary && <SignatorySealBanner stage={room.sealStage} />}
      </div>
      <div className={classes.stage} data-panel={panel ? true : undefined}>
        <section
          className={classes.grid}
          style={{ '--columns': columnsFor(tiles, isWide) } as React.CSSProperties}
          aria-label={t('room.participants')}
        >
          <VideoTile
            participant={view.self}
            name={me?.name ?? ''}
            role={isNotary ? 'notary' : 'signatory'}
            stream={props.localStream}
            isSelf
            audio={room.media.audio}
            video={room.media.video}
            isConfirmed={me?.identity?.decision === 'confirmed'}
          />
          {snapshot.peers.map((peer) => {
            const person = people.get(peer.participant);
            return (
              <VideoTile
                key={peer.participant}
                participant={peer.participant}
                name={person?.name ?? t('room.someone')}
                role={person?.role ?? 'signatory'}
                stream={peer.stream}
                isSelf={false}
                audio={peer.media?.audio ?? true}
                video={peer.media?.video ?? true}
                state={peer.state}
                quality={peer.quality}
                isConfirmed={person?.identity?.decision === 'confirmed'}
                onRemove={isNotary && person?.role === 'signatory' ? setRemoving : undefined}
              />
            );
          })}
        </section>
        {panel === 'identity' && isNotary && (
          <aside className={classes.panel} aria-label={t('room.identityPanel')}>
            <IdentityPanel
              applicationId={view.applicationId}
              participants={view.participants}
              streams={streams}
              canDecide={canDecide}
              cannotDecideReason={canDecide ? undefined : t('room.decideNeedsRecording')}
              onDecided={props.onSessionChanged}
            />
          </aside>
        )}
        {panel === 'document' && (
          <aside className={classes.panel} aria-label={t('room.documentPanel')}>
            <DocumentPanel
              applicationId={view.applicationId}
              portalToken={props.portalToken}
              version={signing.data?.version ?? 0}
              isNotary={isNotary}
              leaderPage={room.leaderPage}
              onPage={room.sendPage}
              signatures={signatures}
            >
              {isNotary && signing.data?.version === 0 && (
                <Suspense fallback={null}>
                  <NotarySignaturePlaces applicationId={view.applicationId} />
                </Suspense>
              )}
              <SigningPanel
                mode={isNotary ? 'notary' : 'signatory'}
                state={signing.data}
                selfSignatoryId={me?.signatoryId ?? null}
                canAct={canDecide}
                cannotActReason={canDecide ? undefined : t('room.decideNeedsRecording')}
                onSign={() => setSigning(true)}
                onReorder={isNotary ? (ids) => reorder.mutate(ids) : undefined}
                isReordering={reorder.isPending}
              />
            </DocumentPanel>
          </aside>
        )}
        {panel === 'chat' && (
          <aside className={classes.panel} aria-label={t('room.chat')}>
            <ChatPanel entries={room.chat} self={view.self} onSend={room.sendChat} />
          </aside>
        )}
      </div>
      <Group justify="center">
        <CallControls
          audio={room.media.audio}
          video={room.media.video}
          onToggleAudio={toggleAudio}
          onToggleVideo={toggleVideo}
          panel={panel}
          onPanel={setPanel}
          unreadChat={panel === 'chat' ? 0 : room.chat.length - seenChat}
          isNotary={isNotary}
          onLeave={leaveCall}
          onEnd={isNotary ? openEnd : undefined}
          onSeal={isNotary && signing.data?.allSigned ? openSeal : undefined}
          isSealing={seal.isPending || isSealing(room.sealStage)}
        />
      </Group>
      <ReasonDialog
        opened={isEnding}
        title={t('room.endTitle')}
        intro={t('room.endIntro')}
        label={t('room.endReason')}
        hint={t('room.endHint')}
        required
        schema={failSessionRequest}
        fallback={t('room.endFailed')}
        cancelLabel={t('room.endCancel')}
        confirmLabel={t('room.endConfirm')}
        closeLabel={t('room.close')}
        isDestructive
        isPending={end.isPending}
        failure={end.error ? errorMessage(end.error) : null}
        testIds={{ field: 'end-reason', confirm: 'end-confirm' }}
        onConfirm={(reason) => end.mutate(reason)}
        onClose={() => setEnding(false)}
      />
      {props.portalToken && (
        <SignatureDialog
          opened={isSigning}
          name={me?.name ?? ''}
          onClose={() => setSigning(false)}
          onSubmit={async (choice) => {
            // The answer is the new order: taken at once (the call hears the signature itself as `call:signed`).
            takeSigningState(await submitSignature(props.portalToken ?? '', choice));
            props.onSessionChanged();
          }}
        />
      )}
      <ConfirmDialog
        opened={isSealDialogOpen}
        title={t('room.sealTitle')}
        body={
          seal.isPending ? (
            <SealStages stage={isSealingStage(room.sealStage) ?? 'recording'} />
          ) : (
            t('room.sealBody')
          )
        }
        confirmLabel={t('room.sealConfirm')}
        cancelLabel={t('room.endCancel')}
        closeLabel={t('room.close')}
        isPending={seal.isPending}
        isLocked={seal.isPending}
        failure={seal.error ? failureMessage(seal.error, t('room.sealFailed')) : null}
        confirmTestId="seal-confirm"
        onConfirm={() => seal.mutate()}
        onClose={() => setSealDialogOpen(false)}
      />
      <ConfirmDialog
        opened={removing !== null}
        title={t('room.removeTitle', { name: removing ? people.get(removing)?.name : '' })}
        body={t('room.removeBody')}
        confirmLabel={t('room.removeConfirm')}
        cancelLabel={t('room.endCancel')}
        closeLabel={t('room.close')}
        isDestructive
        confirmTestId="remove-confirm"
        onConfirm={() => {
          if (removing) room.remove(removing);
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}
