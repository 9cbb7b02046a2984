import { useSyncExternalStore } from 'react';

/**
 * Whether this tab knows someone is signed in, for the public site's header: it shows "Dashboard" instead of
 * Login/Register. It mirrors the session query (lib/query-client.ts keeps it in step) without importing TanStack
 * Query, so the landing page stays light. Set from the login answer itself, so the header that is on screen while
 * the dashboard loads already shows the signed-in person, never the signed-out links.
 */
let isSignedIn = false;
const listeners = new Set<() => void>();

export function setSignedIn(value: boolean) {
  if (value === isSignedIn) return;
  isSignedIn = value;
  for (const listener of listeners) listener();
}

export const readSignedIn = () => isSignedIn;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useIsSignedIn = () => useSyncExternalStore(subscribe, readSignedIn, readSignedIn);
