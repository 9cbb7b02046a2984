import { type ComponentType, useState } from 'react';

/**
 * A component whose code is fetched the first time someone asks for it (a menu's or a dropdown's content), not with
 * the screen: the screen's first paint does not wait for Mantine's floating parts (decision 0023). The fetch is
 * shared; a failed one is tried again on the next ask.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  let pending: Promise<ComponentType<P>> | undefined;
  return (): Promise<ComponentType<P>> => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/**
 * The loaded component once `open` was called, else null. `prefetch` starts the fetch on a sign of intent (the
 * pointer over the trigger, focus on it), so the click finds the code already there.
 */
export function useOnDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
  const open = () => {
    // A fetch that fails leaves the trigger as it was: the next click asks again.
    void load().then(
      (component) => setLoaded(() => component),
      () => undefined,
    );
  };
  const prefetch = () => void load().catch(() => undefined);
  return { Loaded, open, prefetch };
}
