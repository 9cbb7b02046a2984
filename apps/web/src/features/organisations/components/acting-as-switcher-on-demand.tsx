import { loadedAfterPaint } from '@/lib/after-paint';

/**
 * The header's "acting as" choice, fetched after the first paint, and only once the person's organisations are known
 * to include one (acting-as-switcher-gate.tsx): most clients belong to no organisation (decision 0068).
 */
export const ActingAsSwitcherOnDemand = loadedAfterPaint(() =>
  import('./acting-as-switcher-gate').then((m) => m.ActingAsSwitcherGate),
);
