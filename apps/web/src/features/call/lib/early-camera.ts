import { markCallStep } from '@/lib/call-marks';
import { cameraConstraints } from './camera';

/** A camera opened for a call that did not come (the page never showed the check): switched off after this long. */
const KEEP_MS = 15_000;

let early: Promise<MediaStream> | null = null;
let dropTimer: number | undefined;

const stopTracks = (stream: MediaStream) => {
  for (const track of stream.getTracks()) track.stop();
};

/**
 * The notary pressed Accept: the camera and microphone are asked for while the accept and the call's screen are on
 * their way, and the pre-join check takes them (`takeEarlyCamera`) instead of asking again. The same devices as the
 * check's first ask (the browser's defaults, camera.ts's picture).
 */
export function openCameraEarly(): void {
  if (early || !navigator.mediaDevices?.getUserMedia) return;
  markCallStep('camera-asked');
  const opening = navigator.mediaDevices.getUserMedia({ audio: true, video: cameraConstraints(null) });
  early = opening;
  // A refusal is the check's to show: it asks again and explains.
  opening.catch(() => {
    if (early === opening) takeEarlyCamera();
  });
  dropTimer = window.setTimeout(dropEarlyCamera, KEEP_MS);
}

/** The camera opened early, once; null when none was (the check asks itself). */
export function takeEarlyCamera(): Promise<MediaStream> | null {
  const taken = early;
  early = null;
  window.clearTimeout(dropTimer);
  return taken;
}

/** The accept failed (or nobody took the camera): it goes off. */
export function dropEarlyCamera(): void {
  takeEarlyCamera()?.then(stopTracks, () => undefined);
}
