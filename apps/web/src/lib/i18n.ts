import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'hi', label: 'हिन्दी' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_STORAGE_KEY = 'mohar.language';

// English ships in the main bundle; other languages load only when chosen.
const bundled = import.meta.glob<ResourceKey>('../locales/en/*.json', { eager: true, import: 'default' });
const lazy = import.meta.glob<ResourceKey>(['../locales/*/*.json', '!../locales/en/*.json'], { import: 'default' });

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    const key = `../locales/${language}/${namespace}.json`;
    const loader = lazy[key];
    if (!loader) return callback(null, {});
    loader().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

function storedLanguage(): LanguageCode {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return LANGUAGES.some((l) => l.code === value) ? (value as LanguageCode) : 'en';
  } catch {
    return 'en';
  }
}

const namespaces = Object.keys(bundled).map((path) => path.replace(/^.*\/(.+)\.json$/, '$1'));
const resources = {
  en: Object.fromEntries(
    Object.entries(bundled).map(([path, data]) => [path.replace(/^.*\/(.+)\.json$/, '$1'), data]),
  ),
};

export function setUpI18n() {
  const language = storedLanguage();
  document.documentElement.lang = language;
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  });
  return i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: LANGUAGES.map((l) => l.code),
      ns: namespaces,
      defaultNS: 'common',
      resources,
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
}

export { i18n };
