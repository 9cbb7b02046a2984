import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'hi', label: 'हिन्दी' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_STORAGE_KEY = 'mohar.language';

/** What the landing page needs; every other namespace loads with the screen that uses it (see app/router.tsx). */
export const INITIAL_NAMESPACES = ['common', 'layout', 'home'] as const;

// English for the landing page ships in the main bundle; everything else (other screens, other languages) on demand.
const bundled = import.meta.glob<ResourceKey>(
  ['../locales/en/common.json', '../locales/en/layout.json', '../locales/en/home.json'],
  {
    eager: true,
    import: 'default',
  },
);
const lazy = import.meta.glob<ResourceKey>(
  [
    '../locales/*/*.json',
    '!../locales/en/common.json',
    '!../locales/en/layout.json',
    '!../locales/en/home.json',
  ],
  { import: 'default' },
);

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    const loader = lazy[`../locales/${language}/${namespace}.json`];
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

const nameOf = (path: string) => path.replace(/^.*\/(.+)\.json$/, '$1');

/** Resolves once the chosen language's initial namespaces are ready, so the first paint is never raw keys. */
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
      ns: [...INITIAL_NAMESPACES],
      defaultNS: 'common',
      resources: {
        en: Object.fromEntries(Object.entries(bundled).map(([path, data]) => [nameOf(path), data])),
      },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
}

/** The texts for the API's error codes (lib/api-errors.ts). Any screen may show one, so they load with every screen. */
export const ERRORS_NAMESPACE = 'errors';

/** For route loaders: the screen renders only when its texts are there (in the current language and English). */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces, ERRORS_NAMESPACE]);
}

/** For a screen outside the router (the landing page) before it calls the API. */
export function loadErrorTexts(): Promise<void> {
  return i18n.loadNamespaces(ERRORS_NAMESPACE);
}

export { i18n };
