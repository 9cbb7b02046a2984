import { loadedAfterPaint } from '@/lib/after-paint';

/** The API keys section (a dialog, checkboxes, a table): fetched after the settings page has drawn (decision 0070). */
export const ApiKeysSectionOnDemand = loadedAfterPaint(() =>
  import('./api-keys-section').then((m) => m.ApiKeysSection),
);
