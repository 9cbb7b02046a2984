import { useEffect, useRef, useState } from 'react';

export type CameraFacing = 'user' | 'environment';
/** Why the camera did not start, in terms the page can explain. */
export type CameraProblem = 'blocked' | 'missing' | 'busy' | 'unsupported' | 'other';

export function cameraProblemOf(error: unknown): CameraProblem {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'blocked';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'other';
}

/**
 * The camera, shown in `videoRef`, while `isOn`: the phone's back camera for the card, the front one for a selfie.
 * Every track is stopped when it is turned off or the component goes, so the camera light goes out.
 */
export function useCamera(options: { facing: CameraFacing; isOn: boolean }) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [isReady, setIsReady] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button: a new try re-opens the camera
  useEffect(() => {
    if (!options.isOn) return;
    setProblem(null);
    setIsReady(false);
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('unsupported');
      return;
    }
    let stream: MediaStream | null = null;
    let isCancelled = false;
    navigator.mediaDevices
      .getUserMedia({
        audio: false,
        video: { facingMode: { ideal: options.facing }, width: { ideal: 1920 }, height: { ideal: 1080 } },
      })
      .then(async (opened) => {
        if (isCancelled) {
          for (const track of opened.getTracks()) track.stop();
          return;
        }
        stream = opened;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = opened;
        await video.play().catch(() => {});
        if (!isCancelled) setIsReady(true);
      })
      .catch((error: unknown) => {
        if (!isCancelled) setProblem(cameraProblemOf(error));
      });
    return () => {
      isCancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (videoRef.current) videoRef.current.srcObject = null;
    };
  }, [options.isOn, options.facing, attempt]);

  return { videoRef, problem, isReady, retry: () => setAttempt((n) => n + 1) };
}
