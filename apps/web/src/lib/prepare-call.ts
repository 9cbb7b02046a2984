import { useMatches } from 'react-router';

/**
 * What the route of a signatory's portal sets in its `handle` (app/router.tsx): readies the live session the page
 * leads to, so "Join the session" opens at once. A feature may not import another's screens; the router may.
 */
export type PrepareCallHandle = {
  /** The call's screen (its code and texts); with `isLive`, the session view too (it exists only once live). */
  prepareCall: (token: string, isLive: boolean) => void;
};

function isPrepareCallHandle(handle: unknown): handle is PrepareCallHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    typeof (handle as Partial<PrepareCallHandle>).prepareCall === 'function'
  );
}

/** The nearest route's `prepareCall`, or null where no route offers one. */
export function usePrepareCall(): PrepareCallHandle['prepareCall'] | null {
  const handle = useMatches().findLast((match) => isPrepareCallHandle(match.handle))?.handle;
  return isPrepareCallHandle(handle) ? handle.prepareCall : null;
}

/**
 * What the notary's requests route sets in its `handle`: Accept goes into the call, so the call's camera is asked for
 * while the accept is on its way (`start`), and switched off again if the accept fails (`cancel`).
 */
export type PrepareNotaryCallHandle = {
  prepareNotaryCall: { start: () => void; cancel: () => void };
};

function isPrepareNotaryCallHandle(handle: unknown): handle is PrepareNotaryCallHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    typeof (handle as Partial<PrepareNotaryCallHandle>).prepareNotaryCall === 'object'
  );
}

/** The nearest route's `prepareNotaryCall`, or null where no route offers one. */
export function usePrepareNotaryCall(): PrepareNotaryCallHandle['prepareNotaryCall'] | null {
  const handle = useMatches().findLast((match) => isPrepareNotaryCallHandle(match.handle))?.handle;
  return isPrepareNotaryCallHandle(handle) ? handle.prepareNotaryCall : null;
}
