/**
 * The picture asked of the camera: VGA. Each stream is capped at MAX_VIDEO_BPS and below (bitrate.ts), where 720p
 * looks no better, while every page encodes one copy per other participant and decodes every other camera in
 * software where there is no GPU. In the three-person bench a 720p camera's first frame reached the others 0.6–1.6 s
 * after the connection was up (decision 0020). The recording draws each camera into a tile at most 640 pixels wide.
 */
export const CAMERA_SIZE = { width: 640, height: 480 } as const;

/** Video constraints for the camera: `exact` a chosen device (a vanished one fails), `ideal` one to come back to. */
export function cameraConstraints(
  device: { exact: string } | { ideal: string } | null,
): MediaTrackConstraints {
  return { ...CAMERA_SIZE, ...(device ? { deviceId: device } : {}) };
}
