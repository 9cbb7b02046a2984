import { type ComponentType, useEffect, useState, useSyncExternalStore } from 'react';
import { onDemand } from '@/lib/on-demand';
import { stepUpStore } from '@/lib/step-up';

// The dialog (Mantine's Modal and a password field) is fetched when the server first asks for step-up, not with
// the screen: most visits never need it (decision 0054, like decision 0025's dialogs).
const loadHost = onDemand(() => import('./step-up-host').then((m) => m.StepUpHost));

/** Mount once on a screen with sensitive admin actions: it makes `withStepUp` ask instead of failing. */
export function StepUpHostOnDemand() {
  const isOpen = useSyncExternalStore(stepUpStore.subscribe, stepUpStore.isOpen);
  const [Host, setHost] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!isOpen || Host) return;
    // A fetch that fails ends the request: the action shows the server's refusal.
    loadHost().then(
      (component) => setHost(() => component),
      () => stepUpStore.settle(false),
    );
  }, [isOpen, Host]);
  return Host ? <Host /> : null;
}
