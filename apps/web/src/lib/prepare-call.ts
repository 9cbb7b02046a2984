import { useMatches } from 'react-router';

/**
 * What the route of a signatory's portal sets in its `handle` (app/router.tsx): readies the live session the page
 * leads to, so "Join the session" opens at once. A feature may not import another's screens; the router may.
 */
export type PrepareCallHandle = {
  /** The call's screen (its code and texts); with `isLive`, the session view too (it exists only once live). */
  prepareCall: (token: string, isLive: boolean) => void;
};

/** The nearest route's `handle[key]` when it is a `kind`, or null where no route offers one. */
function useNearestHandle<T>(key: string, kind: 'function' | 'object'): T | null {
  const entryOf = (handle: unknown) =>
    typeof handle === 'object' && handle !== null ? (handle as Record<string, unknown>)[key] : undefined;
  const match = useMatches().findLast((candidate) => {
    const value = entryOf(candidate.handle);
    return typeof value === kind && value !== null;
  });
  return match ? (entryOf(match.handle) as T) : null;
}

/** The nearest route's `prepareCall`, or null where no route offers one. */
export function usePrepareCall(): PrepareCallHandle['prepareCall'] | null {
  return useNearestHandle('prepareCall', 'function');
}

/**
 * What the notary's requests route sets in its `handle`: Accept goes into the call, so the call's camera is asked for
 * while the accept is on its way (`start`), and switched off again if the accept fails (`cancel`).
 */
export type PrepareNotaryCallHandle = {
  prepareNotaryCall: { start: () => void; cancel: () => void };
};

/** The nearest route's `prepareNotaryCall`, or null where no route offers one. */
export function usePrepareNotaryCall(): PrepareNotaryCallHandle['prepareNotaryCall'] | null {
  return useNearestHandle('prepareNotaryCall', 'object');
}
