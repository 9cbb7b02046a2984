import type { Recording } from '@mohar/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type Compositor, type CompositorSource, createCompositor } from '../lib/compositor';
import { type RecorderStatus, type RecordingHandle, startRecording } from '../lib/recorder';

const IDLE: RecorderStatus = { recording: false, uploadsFailing: false, chunks: 0, error: null };

/**
 * The notary's recorder: from the moment the notary is in the call, every participant (names and an IST clock
 * burnt in, audio mixed) is recorded in 5-second parts sent to the server as they come. `stop` finishes the file
 * (the session's end); leaving the page without it leaves the parts on the server, and a return continues after them.
 */
export function useSessionRecorder(options: {
  applicationId: string;
  /** Recording starts once this is true (the notary has joined). */
  isActive: boolean;
  sources: CompositorSource[];
  /** Parts the server already holds (from the session view), so a restarted recorder continues after them. */
  firstIndex: number;
}) {
  const [status, setStatus] = useState<RecorderStatus>(IDLE);
  const compositorRef = useRef<Compositor | null>(null);
  const handleRef = useRef<RecordingHandle | null>(null);
  const firstIndex = useRef(options.firstIndex);
  firstIndex.current = options.firstIndex;

  useEffect(() => {
    if (!options.isActive) return;
    const compositor = createCompositor();
    compositorRef.current = compositor;
    handleRef.current = startRecording({
      applicationId: options.applicationId,
      stream: compositor.stream,
      firstIndex: firstIndex.current,
      onStatus: setStatus,
    });
    return () => {
      // Leaving without ending: the parts so far stay on the server, unassembled; the recorder stops before the
      // compositor (its tracks ending would read as a failure).
      const handle = handleRef.current;
      handleRef.current = null;
      compositorRef.current = null;
      void (handle?.detach() ?? Promise.resolve()).catch(() => {}).finally(() => compositor.stop());
    };
  }, [options.applicationId, options.isActive]);

  useEffect(() => {
    compositorRef.current?.setSources(options.sources);
  }, [options.sources]);

  const stop = useCallback(async (): Promise<Recording | null> => {
    const handle = handleRef.current;
    handleRef.current = null;
    if (!handle) return null;
    try {
      return await handle.stop();
    } finally {
      compositorRef.current?.stop();
      compositorRef.current = null;
    }
  }, []);

  return { status, stop };
}
