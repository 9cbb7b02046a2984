import { useCallback, useEffect, useRef, useState } from 'react';
import { markCallStep } from '@/lib/call-marks';
import { cameraConstraints } from '../lib/camera';
import { takeEarlyCamera } from '../lib/early-camera';
import { type MediaProblem, mediaProblemOf } from '../lib/media-problem';

export type DeviceOption = { deviceId: string; label: string | null };

type Choice = { audio: string | null; video: string | null; attempt: number };

const stopTracks = (stream: MediaStream | null) => {
  for (const track of stream?.getTracks() ?? []) track.stop();
};

/** A chosen device is asked for exactly, so a vanished one fails instead of swapping (camera.ts: the picture). */
function constraintsFor(choice: Choice): MediaStreamConstraints {
  return {
    audio: choice.audio ? { deviceId: { exact: choice.audio } } : true,
    video: cameraConstraints(choice.video ? { exact: choice.video } : null),
  };
}

const optionsOf = (devices: readonly MediaDeviceInfo[], kind: MediaDeviceKind): DeviceOption[] =>
  devices
    // Before permission, browsers list devices without ids or labels: nothing to choose from yet.
    .filter((device) => device.kind === kind && device.deviceId !== '')
    .map((device) => ({ deviceId: device.deviceId, label: device.label || null }));

const deviceIdOf = (track: MediaStreamTrack | undefined) => track?.getSettings().deviceId ?? null;

/**
 * The camera and microphone for a call: one live stream from the chosen devices (the browser's defaults at first),
 * and the devices there are to choose from (labels appear once permission is given; refreshed when a device is
 * plugged in or out). Choosing another device opens a new stream and stops the old tracks.
 *
 * The stream is stopped when the component goes, unless `handOver` gave it to the caller (the call takes it on).
 */
export function useMediaDevices() {
  const [choice, setChoice] = useState<Choice>({ audio: null, video: null, attempt: 0 });
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<MediaProblem | null>(null);
  const [isStarting, setIsStarting] = useState(true);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [isHandedOver, setIsHandedOver] = useState(false);
  const streamRef = useRef<MediaStream | null>(null);
  const handedOverRef = useRef(false);

  const refreshDevices = useCallback(async () => {
    if (!navigator.mediaDevices?.enumerateDevices) return;
    try {
      setDevices(await navigator.mediaDevices.enumerateDevices());
    } catch {
      // The pickers keep the last list.
    }
  }, []);

  useEffect(() => {
    if (handedOverRef.current) return;
    if (!navigator.mediaDevices?.getUserMedia) {
      // Browsers hide the camera API from pages not served over HTTPS.
      setProblem(window.isSecureContext ? 'unsupported' : 'insecure');
      setIsStarting(false);
      return;
    }
    let isCancelled = false;
    // The old device is released before the new one opens: a phone cannot open its camera twice.
    stopTracks(streamRef.current);
    streamRef.current = null;
    setStream(null);
    setProblem(null);
    setIsStarting(true);
    // The first ask on the browser's defaults may already be under way (the notary's Accept, early-camera.ts).
    const early = choice.attempt === 0 ? takeEarlyCamera() : null;
    if (!early) markCallStep('camera-asked');
    (early ?? navigator.mediaDevices.getUserMedia(constraintsFor(choice))).then(
      (opened) => {
        markCallStep('camera-got');
        if (isCancelled) {
          stopTracks(opened);
          return;
        }
        streamRef.current = opened;
        setStream(opened);
        setIsStarting(false);
        void refreshDevices();
      },
      (error: unknown) => {
        if (isCancelled) return;
        setProblem(mediaProblemOf(error));
        setIsStarting(false);
        void refreshDevices();
      },
    );
    return () => {
      isCancelled = true;
    };
  }, [choice, refreshDevices]);

  // A device unplugged (or taken by the system) ends its track: start again on the browser's defaults.
  useEffect(() => {
    if (!stream) return;
    const onEnded = () => {
      if (!handedOverRef.current)
        setChoice((old) => ({ audio: null, video: null, attempt: old.attempt + 1 }));
    };
    const tracks = stream.getTracks();
    for (const track of tracks) track.addEventListener('ended', onEnded);
    return () => {
      for (const track of tracks) track.removeEventListener('ended', onEnded);
    };
  }, [stream]);

  useEffect(() => {
    const mediaDevices = navigator.mediaDevices;
    if (!mediaDevices?.addEventListener) return;
    const onChange = () => void refreshDevices();
    mediaDevices.addEventListener('devicechange', onChange);
    return () => mediaDevices.removeEventListener('devicechange', onChange);
  }, [refreshDevices]);

  useEffect(
    () => () => {
      if (!handedOverRef.current) stopTracks(streamRef.current);
    },
    [],
  );

  const select = useCallback((kind: 'audio' | 'video', deviceId: string) => {
    if (handedOverRef.current) return;
    setChoice((old) => ({ ...old, [kind]: deviceId, attempt: old.attempt + 1 }));
  }, []);

  const handOver = useCallback((): MediaStream | null => {
    if (!streamRef.current) return null;
    handedOverRef.current = true;
    setIsHandedOver(true);
    return streamRef.current;
  }, []);

  return {
    stream,
    isStarting,
    problem,
    cameras: optionsOf(devices, 'videoinput'),
    microphones: optionsOf(devices, 'audioinput'),
    /** The devices the live stream uses (what the browser picked, until the person chooses). */
    videoDeviceId: deviceIdOf(stream?.getVideoTracks()[0]) ?? choice.video,
    audioDeviceId: deviceIdOf(stream?.getAudioTracks()[0]) ?? choice.audio,
    selectCamera: (deviceId: string) => select('video', deviceId),
    selectMicrophone: (deviceId: string) => select('audio', deviceId),
    /** After a refusal or a busy device: ask again; a chosen device that was not found gives way to the defaults. */
    retry: () =>
      setChoice((old) =>
        problem === 'missing'
          ? { audio: null, video: null, attempt: old.attempt + 1 }
          : { ...old, attempt: old.attempt + 1 },
      ),
    isHandedOver,
    handOver,
  };
}
