// @vitest-environment happy-dom
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { followOtherTabs, LANGUAGE_STORAGE_KEY } from './i18n';

/** What the browser tells this tab when another tab of the same site writes to local storage. */
const storedElsewhere = (key: string, value: string) =>
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));

describe('a language chosen in another tab (issue 23)', () => {
  it('applies here at once; other keys and unknown languages change nothing', async () => {
    const i18n = createInstance();
    await i18n.init({ lng: 'en', resources: { en: {}, hi: {} } });
    followOtherTabs(i18n);
    storedElsewhere('mohar.colour', 'hi');
    storedElsewhere(LANGUAGE_STORAGE_KEY, 'fr');
    expect(i18n.language).toBe('en');
    storedElsewhere(LANGUAGE_STORAGE_KEY, 'hi');
    await expect.poll(() => i18n.language).toBe('hi');
    storedElsewhere(LANGUAGE_STORAGE_KEY, 'en');
    await expect.poll(() => i18n.language).toBe('en');
  });
});
