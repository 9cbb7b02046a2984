import { cameraConstraints } from './camera';

/**
 * "I was in this call": kept for the tab (sessionStorage) while someone is in a call, so a reloaded page goes
 * straight back in with the same devices instead of showing the pre-join check again. Leaving, being removed or
 * the session ending clears it.
 */
export type ResumeChoice = {
  audioDeviceId: string | null;
  videoDeviceId: string | null;
  audio: boolean;
  video: boolean;
};

const key = (applicationId: string) => `mohar.call.${applicationId}`;

export function rememberCall(applicationId: string, choice: ResumeChoice, storage: Storage = sessionStorage) {
  try {
    storage.setItem(key(applicationId), JSON.stringify(choice));
  } catch {
    // Private mode or full storage: a reload then shows the pre-join check, which is fine.
  }
}

export function forgetCall(applicationId: string, storage: Storage = sessionStorage) {
  try {
    storage.removeItem(key(applicationId));
  } catch {
    // As above.
  }
}

export function recalledCall(applicationId: string, storage: Storage = sessionStorage): ResumeChoice | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key(applicationId)) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const value = parsed as Record<string, unknown>;
    const idOrNull = (v: unknown) => (typeof v === 'string' && v.length < 300 ? v : null);
    return {
      audioDeviceId: idOrNull(value.audioDeviceId),
      videoDeviceId: idOrNull(value.videoDeviceId),
      audio: value.audio !== false,
      video: value.video !== false,
    };
  } catch {
    return null;
  }
}

/** The camera and microphone as chosen before the reload (any device if that one is gone). */
export async function reacquire(choice: ResumeChoice): Promise<MediaStream> {
  const exact = (id: string | null) => (id ? { deviceId: { ideal: id } } : {});
  return navigator.mediaDevices.getUserMedia({
    audio: { ...exact(choice.audioDeviceId) },
    video: cameraConstraints(choice.videoDeviceId ? { ideal: choice.videoDeviceId } : null),
  });
}
