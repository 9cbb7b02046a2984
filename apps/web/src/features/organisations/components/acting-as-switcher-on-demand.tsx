import { type ComponentType, useEffect, useState } from 'react';
import { onDemand } from '@/lib/on-demand';

type Props = { fullWidth?: boolean };

// The switcher (a select, the organisations query) comes after the first paint: most clients belong to no
// organisation, and the shell's first render stays as it was (decisions 0023, 0041, 0068).
const load = onDemand(() => import('./acting-as-switcher').then((m) => m.ActingAsSwitcher));

/** The header's "acting as" choice, fetched once the signed-in frame has drawn. */
export function ActingAsSwitcherOnDemand(props: Props) {
  const [Switcher, setSwitcher] = useState<ComponentType<Props> | null>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      load().then(
        (component) => setSwitcher(() => component),
        () => undefined,
      );
    });
    return () => window.clearTimeout(timer);
  }, []);
  return Switcher ? <Switcher {...props} /> : null;
}
