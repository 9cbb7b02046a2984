import { Button, Container, Stack, Text, Title } from '@mantine/core';
import type { CallMediaState, SessionView } from '@mohar/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Socket } from 'socket.io-client';
import { AppLink } from '@/components/app-link';
import { PageLoader } from '@/components/page-loader';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-errors';
import { markCallStep } from '@/lib/call-marks';
import { openRealtime, preloadRealtime } from '@/lib/realtime';
import { abandonCall, type StartedCall, startCall } from '../lib/call-start';
import { forgetCall, reacquire, recalledCall, rememberCall } from '../lib/resume';
import { CallRoom } from './call-room';
import { PreJoin, type PreJoinChoice } from './pre-join';

type Phase =
  | { kind: 'resuming' }
  | { kind: 'pre-join' }
  | { kind: 'call'; stream: MediaStream; media: CallMediaState; call: Promise<StartedCall> | null }
  | { kind: 'left' }
  | { kind: 'removed' };

const stopTracks = (stream: MediaStream) => {
  for (const track of stream.getTracks()) track.stop();
};

/**
 * The live session for whoever opens it (the notary from their requests, a signatory from their link): the
 * pre-join check, then the call; after a reload straight back into the call; a clear page once it is over.
 */
export function SessionScreen(props: {
  query: UseQueryResult<SessionView>;
  /** What remembers "I was in this call" across a reload: the application id, or the signatory's link. */
  resumeKey: string;
  portalToken?: string;
  back: { to: string; label: string };
}) {
  const { t } = useTranslation('call');
  const { query, resumeKey: applicationId } = props;
  const view = query.data;
  const [phase, setPhase] = useState<Phase>(() =>
    recalledCall(applicationId) ? { kind: 'resuming' } : { kind: 'pre-join' },
  );
  // The call heard how the session ended: shown at once, while the session is read again.
  const [endedAs, setEndedAs] = useState<string | null>(null);
  const status = endedAs ?? view?.status;
  const isLive = status === 'in_session';
  const hasView = view !== undefined;
  useEffect(() => {
    if (hasView) markCallStep('view-read');
  }, [hasView]);

  // The realtime client is fetched at once (every way out of this page but leaving goes into the call). After a
  // reload the camera and microphone are asked for at once too, while the session is still being read, since they
  // are often the slowest part of coming back (a busy phone takes a second or two).
  const earlyStream = useRef<Promise<MediaStream> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render of a resumed call.
  useEffect(() => {
    markCallStep('screen-mounted');
    preloadRealtime();
    if (phase.kind !== 'resuming' || earlyStream.current) return;
    const choice = recalledCall(applicationId);
    if (choice) earlyStream.current = reacquire(choice);
  }, []);

  // A reload: the same devices again, and into the call without the check (the user was already in it).
  useEffect(() => {
    if (phase.kind !== 'resuming' || !view) return;
    const choice = recalledCall(applicationId);
    const pending = earlyStream.current;
    // Taken once: if this run is cancelled its stream is stopped, and a later run asks again.
    earlyStream.current = null;
    if (!choice || !isLive) {
      pending?.then(stopTracks, () => undefined);
      setPhase({ kind: 'pre-join' });
      return;
    }
    let isCancelled = false;
    (pending ?? reacquire(choice)).then(
      (stream) => {
        if (isCancelled) return stopTracks(stream);
        setPhase({ kind: 'call', stream, media: { audio: choice.audio, video: choice.video }, call: null });
      },
      () => !isCancelled && setPhase({ kind: 'pre-join' }),
    );
    return () => {
      isCancelled = true;
    };
  }, [phase.kind, view, isLive, applicationId]);

  // The call's channel opens while the person checks their camera, so "Join now" only has to ask to join. Taken by
  // `join`; closed if the person goes elsewhere instead. It opens while the session is still being read too (the
  // notary coming from Accept reads it only now): a session that turns out not to be live closes it again.
  const { portalToken } = props;
  const earlySocket = useRef<Promise<Socket> | null>(null);
  const mayJoin = isLive || (query.isPending && !endedAs);
  useEffect(() => {
    if (phase.kind !== 'pre-join' || !mayJoin) return;
    const opening = openRealtime({ portalToken });
    opening.then(
      (socket) => socket.once('connect', () => markCallStep('socket-connected')),
      () => undefined,
    );
    earlySocket.current = opening;
    return () => {
      if (earlySocket.current !== opening) return;
      earlySocket.current = null;
      opening.then(
        (socket) => socket.disconnect(),
        () => undefined,
      );
    };
  }, [phase.kind, mayJoin, portalToken]);

  // The session is over (ended, failed): the camera goes off and nothing brings this tab back in.
  useEffect(() => {
    if (view && !isLive) {
      forgetCall(applicationId);
      if (phase.kind !== 'call') return;
      stopTracks(phase.stream);
      // Joined at the press, but the call's screen never came (or has gone): nobody else leaves it.
      if (phase.call) abandonCall(phase.call);
    }
  }, [view, isLive, applicationId, phase]);

  const join = (choice: PreJoinChoice) => {
    markCallStep('join-clicked');
    rememberCall(applicationId, {
      audioDeviceId: choice.audioDeviceId,
      videoDeviceId: choice.videoDeviceId,
      audio: choice.audio,
      video: choice.video,
    });
    const media = { audio: choice.audio, video: choice.video };
    const socket = earlySocket.current;
    earlySocket.current = null;
    // Asked at the press, not once the call's screen has rendered (lib/call-start.ts). "Join now" waits for the
    // view, so the application is known; without it the call's screen starts the call itself.
    const call = view
      ? startCall(socket ?? openRealtime({ portalToken }), {
          applicationId: view.applicationId,
          localStream: choice.stream,
          media,
        })
      : null;
    if (!call)
      socket?.then(
        (unused) => unused.disconnect(),
        () => undefined,
      );
    setPhase({ kind: 'call', stream: choice.stream, media, call });
  };

  // The same element before and after the view arrives, so the camera the check opened stays open.
  const preJoin = (
    <Container size="lg" py="xl">
      <PreJoin
        heading={view ? t('preJoinHeading', { title: view.title ?? t('room.untitled') }) : undefined}
        canJoin={isLive}
        onJoin={join}
      />
    </Container>
  );

  // The camera starts while the session is read (the two were one after the other): "Join now" waits for the view.
  if (query.isPending && phase.kind === 'pre-join') return preJoin;
  if (query.isPending || phase.kind === 'resuming') return <PageLoader fullScreen />;
  // A signatory's link stops working once the application is over (410): the session has ended for them.
  if (query.isError && query.error instanceof ApiError && query.error.status === 410)
    return (
      <Ended
        title={t('ended.closedTitle')}
        body={errorMessage(query.error)}
        back={props.back}
        testId="session-ended"
      />
    );
  if (query.isError || !view)
    return (
      <Ended
        title={t('ended.notFoundTitle')}
        body={t('ended.notFoundBody')}
        back={props.back}
        testId="no-session"
      />
    );
  if (!isLive) {
    const isFailed = status === 'failed';
    return (
      <Ended
        title={
          isFailed ? t('ended.failedTitle') : t(`ended.${status === 'notarised' ? 'done' : 'other'}Title`)
        }
        body={
          isFailed
            ? t('ended.failedBody', { reason: view.failureReason ?? t('ended.noReason') })
            : status === 'notarised'
              ? t('ended.doneBody')
              : t('ended.otherBody')
        }
        back={props.back}
        testId="session-ended"
        status={status}
      />
    );
  }

  if (phase.kind === 'call')
    return (
      <CallRoom
        view={view}
        portalToken={props.portalToken}
        localStream={phase.stream}
        initialMedia={phase.media}
        call={phase.call}
        onSessionChanged={() => void query.refetch()}
        onEnded={setEndedAs}
        onLeft={(why) => {
          forgetCall(applicationId);
          stopTracks(phase.stream);
          setPhase({ kind: why });
        }}
      />
    );
  if (phase.kind === 'left' || phase.kind === 'removed')
    return (
      <Container size="sm" py={64}>
        <Stack align="center" ta="center" gap="md" data-testid={`call-${phase.kind}`}>
          <Title order={1} size="h2">
            {phase.kind === 'left' ? t('ended.leftTitle') : t('ended.removedTitle')}
          </Title>
          <Text c="dimmed">{phase.kind === 'left' ? t('ended.leftBody') : t('ended.removedBody')}</Text>
          {phase.kind === 'left' && (
            <Button onClick={() => setPhase({ kind: 'pre-join' })} data-testid="rejoin">
              {t('ended.rejoin')}
            </Button>
          )}
          <Button component={AppLink} to={props.back.to} variant="default">
            {props.back.label}
          </Button>
        </Stack>
      </Container>
    );
  return preJoin;
}

function Ended(props: {
  title: string;
  body: string;
  back: { to: string; label: string };
  testId: string;
  status?: string;
}) {
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="md" data-testid={props.testId} data-status={props.status}>
        <Title order={1} size="h2">
          {props.title}
        </Title>
        <Text c="dimmed">{props.body}</Text>
        <Button component={AppLink} to={props.back.to}>
          {props.back.label}
        </Button>
      </Stack>
    </Container>
  );
}
