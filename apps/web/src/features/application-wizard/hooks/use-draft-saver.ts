import { INPUT_DEBOUNCE_MS } from '@mohar/contracts/constants';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createDraftSaver, type DraftSaver, type SaveState } from '../lib/draft-saver';

/**
 * The wizard's autosave: saves 500 ms after the last change (INPUT_DEBOUNCE_MS), and sends whatever waits when the
 * wizard closes or the page goes away (pagehide, with keepalive requests that outlive the page).
 */
export function useDraftSaver(): { saver: DraftSaver; state: SaveState } {
  const [saver] = useState(() => createDraftSaver({ delayMs: INPUT_DEBOUNCE_MS }));
  const state = useSyncExternalStore(saver.subscribe, saver.getState);
  useEffect(() => {
    const onPageHide = () => void saver.flush({ keepalive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      void saver.flush();
    };
  }, [saver]);
  return { saver, state };
}

/** One part's save state (a step shows "fix the highlighted fields" for its own part only). */
export function useChannelState(saver: DraftSaver, channel: string): SaveState {
  return useSyncExternalStore(saver.subscribe, () => saver.getChannelState(channel));
}
