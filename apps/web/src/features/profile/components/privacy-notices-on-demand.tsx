import { loadedAfterPaint } from '@/lib/after-paint';

/**
 * Mounted once in the signed-in frame: the withdrawal banner and the new privacy notice's dialog (a Modal, a query),
 * fetched after the first paint: most sign-ins need neither.
 */
export const PrivacyNoticesOnDemand = loadedAfterPaint(() =>
  import('./privacy-notices').then((m) => m.PrivacyNotices),
);
