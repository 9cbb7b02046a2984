import { loadedAfterPaint } from '@/lib/after-paint';

/**
 * Mounted once in the signed-in frame: the withdrawal banner and the new privacy notice's dialog, fetched after the
 * first paint, and only once the status says one of them shows (privacy-notices-gate.tsx): most sign-ins need neither.
 */
export const PrivacyNoticesOnDemand = loadedAfterPaint(() =>
  import('./privacy-notices-gate').then((m) => m.PrivacyNoticesGate),
);
