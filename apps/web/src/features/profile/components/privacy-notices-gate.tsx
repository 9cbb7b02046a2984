import { lazy, Suspense } from 'react';
import { usePrivacyStatus } from '../api/privacy';

const PrivacyNotices = lazy(() => import('./privacy-notices').then((m) => ({ default: m.PrivacyNotices })));

/**
 * Reads the privacy status and fetches the banner's and the dialog's code only when there is one to show: a closure
 * on its way, or a changed notice to accept. Most sign-ins have neither, and their dashboard then never loads the
 * Modal, its focus trap and scroll area, or the data section the dialog borrows its grievance contact from
 * (decision 0077). Both read the same query, so the status is asked for once.
 */
export function PrivacyNoticesGate() {
  const status = usePrivacyStatus();
  const shows = Boolean(status.data?.pending) || status.data?.privacyNotice.mustAccept === true;
  if (!shows) return null;
  return (
    <Suspense fallback={null}>
      <PrivacyNotices />
    </Suspense>
  );
}
