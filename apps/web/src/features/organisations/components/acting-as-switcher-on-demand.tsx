import { loadedAfterPaint } from '@/lib/after-paint';

/**
 * The header's "acting as" choice (a select, the organisations query), fetched after the first paint: most clients
 * belong to no organisation (decision 0068).
 */
export const ActingAsSwitcherOnDemand = loadedAfterPaint(() =>
  import('./acting-as-switcher').then((m) => m.ActingAsSwitcher),
);
