import { type ComponentType, useEffect, useState } from 'react';
import { onDemand } from './on-demand';

/**
 * A component whose code is fetched once the signed-in frame has drawn (in a task after the first render), for parts
 * most visits never show: the frame's first render stays as it was (decisions 0023, 0041). The fetch is shared by
 * every mount; a failed one leaves nothing shown.
 */
export function loadedAfterPaint<P extends object>(load: () => Promise<ComponentType<P>>) {
  const fetchOnce = onDemand(load);
  return function AfterPaint(props: P) {
    const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
    useEffect(() => {
      const timer = window.setTimeout(() => {
        fetchOnce().then(
          (component) => setLoaded(() => component),
          () => undefined,
        );
      });
      return () => window.clearTimeout(timer);
    }, []);
    return Loaded ? <Loaded {...props} /> : null;
  };
}
