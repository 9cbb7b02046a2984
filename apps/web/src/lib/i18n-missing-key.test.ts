import { createInstance, type Resource } from 'i18next';
import { describe, expect, it } from 'vitest';
import { MISSING_KEY_OPTIONS } from './i18n';

/** The app's own options (lib/i18n.ts) in a fresh instance: in tests a missing text is an error, not a raw key. */
function i18nWith(resources: Resource) {
  const i18n = createInstance();
  void i18n.init({
    lng: 'hi',
    fallbackLng: 'en',
    defaultNS: 'app',
    resources,
    interpolation: { escapeValue: false },
    ...MISSING_KEY_OPTIONS,
  });
  return i18n;
}

describe('a missing translation in test mode', () => {
  const i18n = i18nWith({
    en: { app: { shell: { logout: 'Log out' } } },
    hi: { app: { shell: { logout: 'लॉग आउट' } } },
  });

  it('throws, naming the namespace and key', () => {
    expect(() => i18n.t('shell.signOut')).toThrow('Missing translation: app:shell.signOut');
  });

  it('does not throw for a key that exists, or for a default the code names on purpose', () => {
    expect(i18n.t('shell.logout')).toBe('लॉग आउट');
    expect(i18n.t('errors.unknown_code', { defaultValue: 'Server says no' })).toBe('Server says no');
  });
});
