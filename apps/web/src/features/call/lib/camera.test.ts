import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAMERA_SIZE, cameraConstraints } from './camera';
import { reacquire } from './resume';

describe('the camera asked for in a call', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is VGA, the picture the bitrate cap is made for, and a chosen device is asked for exactly', () => {
    expect(CAMERA_SIZE).toEqual({ width: 640, height: 480 });
    expect(cameraConstraints(null)).toEqual({ width: 640, height: 480 });
    expect(cameraConstraints({ exact: 'cam-2' })).toEqual({
      width: 640,
      height: 480,
      deviceId: { exact: 'cam-2' },
    });
  });

  it('is the same picture when a reloaded page takes the camera back', async () => {
    const asked: MediaStreamConstraints[] = [];
    vi.stubGlobal('navigator', {
      mediaDevices: {
        getUserMedia: async (constraints: MediaStreamConstraints) => {
          asked.push(constraints);
          return {} as MediaStream;
        },
      },
    });
    await reacquire({ audioDeviceId: null, videoDeviceId: 'cam-2', audio: true, video: true });
    expect(asked[0]?.video).toEqual({ width: 640, height: 480, deviceId: { ideal: 'cam-2' } });
  });
});
