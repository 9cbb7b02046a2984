import { type ComponentType, useEffect, useState } from 'react';
import { onDemand } from '@/lib/on-demand';

// The banner and the privacy-notice dialog (a Modal, a query) come after the first paint: most sign-ins need neither,
// and the shell's first render stays as it was (decisions 0023, 0041).
const load = onDemand(() => import('./privacy-notices').then((m) => m.PrivacyNotices));

/** Mounted once in the signed-in frame: the withdrawal banner and the new privacy notice's dialog. */
export function PrivacyNoticesOnDemand() {
  const [Notices, setNotices] = useState<ComponentType | null>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      load().then(
        (component) => setNotices(() => component),
        () => undefined,
      );
    });
    return () => window.clearTimeout(timer);
  }, []);
  return Notices ? <Notices /> : null;
}
