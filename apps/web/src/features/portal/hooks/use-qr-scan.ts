import { type RefObject, useEffect, useRef, useState } from 'react';

export type ScanState = 'off' | 'looking' | 'unavailable';

const SCAN_EVERY_MS = 350;

/**
 * While `isOn`, reads the camera's frames for a Secure QR, one at a time, and calls `onFound` with the first one:
 * the photo is taken at that moment, with the QR in it. The reader loads on first use.
 */
export function useQrScan(options: {
  videoRef: RefObject<HTMLVideoElement | null>;
  isOn: boolean;
  onFound: (text: string) => void;
}) {
  const [state, setState] = useState<ScanState>('off');
  const onFound = useRef(options.onFound);
  onFound.current = options.onFound;
  const { videoRef, isOn } = options;

  useEffect(() => {
    if (!isOn) {
      setState('off');
      return;
    }
    let isStopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement('canvas');
    setState('looking');
    import('../lib/qr-scanner')
      .then(({ scanFrame }) => {
        const tick = async () => {
          if (isStopped) return;
          const video = videoRef.current;
          const text =
            video && video.videoWidth > 0 ? await scanFrame(video, canvas).catch(() => null) : null;
          if (isStopped) return;
          if (text) onFound.current(text);
          else timer = setTimeout(tick, SCAN_EVERY_MS);
        };
        void tick();
      })
      .catch(() => {
        if (!isStopped) setState('unavailable');
      });
    return () => {
      isStopped = true;
      clearTimeout(timer);
    };
  }, [isOn, videoRef]);

  return state;
}
