import { type ComponentType, useEffect, useState } from 'react';
import { onDemand } from './on-demand';

type DialogProps = { opened: boolean; onClose(): void };

/**
 * A dialog whose code (Mantine's Modal with its focus trap, scroll lock and scroll area, and often a form checked with
 * zod) is fetched the first time it is opened, not with the screen (decision 0025). Same props as the dialog itself.
 *
 * Once loaded it is mounted closed for one render and then opened: Mantine's Modal notes the element to give focus
 * back to when `opened` changes, not on mount, so a dialog mounted open would leave focus on the page's body at
 * close. A fetch that fails closes the request (`onClose`), so the next click asks again.
 */
export function dialogOnDemand<P extends DialogProps>(load: () => Promise<ComponentType<P>>) {
  const fetchDialog = onDemand(load);
  return function DialogOnDemand(props: P) {
    const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
    const [isMounted, setIsMounted] = useState(false);
    const { opened, onClose } = props;

    useEffect(() => {
      if (!opened || Loaded) return;
      let isCurrent = true;
      fetchDialog().then(
        (component) => {
          if (isCurrent) setLoaded(() => component);
        },
        () => {
          if (isCurrent) onClose();
        },
      );
      return () => {
        isCurrent = false;
      };
    }, [opened, Loaded, onClose]);

    useEffect(() => {
      if (Loaded) setIsMounted(true);
    }, [Loaded]);

    if (!Loaded) return null;
    return <Loaded {...props} opened={opened && isMounted} />;
  };
}
