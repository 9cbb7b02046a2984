import i18n, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  accountLanguageToApply,
  isLanguageCode,
  LANGUAGE_STORAGE_KEY,
  type LanguageCode,
  pickLanguage,
  readBrowserLanguages,
  readStoredChoice,
  storeChoice,
} from './language-choice';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'hi', label: 'हिन्दी' },
] as const satisfies ReadonlyArray<{ code: LanguageCode; label: string }>;
export { LANGUAGE_STORAGE_KEY, type LanguageCode } from './language-choice';

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

/**
 * In tests a text asked for under a key no language has is a bug, not a fallback to show the key: it throws
 * (never in a build for people, where Vite drops this branch). A `defaultValue` the code names is not missing.
 */
export const MISSING_KEY_OPTIONS =
  import.meta.env.MODE === 'test'
    ? {
        saveMissing: true,
        missingKeyHandler: (
          _languages: readonly string[],
          namespace: string,
          key: string,
          _fallback: string,
          _isUpdate: boolean,
          options: { defaultValue?: unknown },
        ) => {
          if (options?.defaultValue !== undefined) return;
          throw new Error(`Missing translation: ${namespace}:${key}`);
        },
      }
    : {};

const nameOf = (path: string) => path.replace(/^.*\/(.+)\.json$/, '$1');

/** Resolves once the chosen language's initial namespaces are ready, so the first paint is never raw keys. */
export function setUpI18n() {
  const language = pickLanguage({ chosen: readStoredChoice(), browser: readBrowserLanguages() });
  document.documentElement.lang = language;
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  followOtherTabs(i18n);
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
      ...MISSING_KEY_OPTIONS,
    });
}

/**
 * A language the person picks in another tab of this browser (stored there) applies in this one too, at once: one
 * person, one language — and the full-window screens (the call, the checkout) have no switch of their own.
 */
export function followOtherTabs(instance: I18n) {
  window.addEventListener('storage', (event) => {
    if (event.key !== LANGUAGE_STORAGE_KEY || !isLanguageCode(event.newValue)) return;
    if (event.newValue !== instance.language) void instance.changeLanguage(event.newValue);
  });
}

/** The person picked a language (a switch): this browser remembers it; a signed-in caller also saves it on the account. */
export function chooseLanguage(language: LanguageCode): Promise<unknown> {
  storeChoice(language);
  return i18n.changeLanguage(language);
}

let lastSession: { userId: string; language: LanguageCode | null } | null = null;

/**
 * Called with every session answer (lib/query-client.ts): at sign-in, and when the account's choice changes, the
 * account's language wins over this browser's; an account that never chose keeps the language already shown.
 */
export function followAccountLanguage(user: { _id: string; language: LanguageCode | null } | null) {
  const next = user ? { userId: user._id, language: user.language } : null;
  const language = accountLanguageToApply({ previous: lastSession, next });
  lastSession = next;
  if (language && language !== i18n.language) void chooseLanguage(language);
  else if (language) storeChoice(language);
}

/** The texts for the API's error codes (lib/api-errors.ts). Any screen may show one, so they load with every screen. */
export const ERRORS_NAMESPACE = 'errors';

/**
 * The shared contracts' field messages (lib/form-validation.ts, and the server's own under a refused request's fields),
 * keyed by the contract's English sentence: any form may show one, so they load with every screen too.
 */
export const VALIDATION_NAMESPACE = 'validation';

/** A contract's English field message in the reader's language; the sentence itself where none is written yet. */
export function translateValidation(message: string): string {
  // Before set-up (a form's unit test without the app's texts) the sentence stays as the contract wrote it.
  if (!i18n.isInitialized) return message;
  return i18n.t(message, {
    ns: VALIDATION_NAMESPACE,
    keySeparator: false,
    nsSeparator: false,
    defaultValue: message,
  });
}

/**
 * A sentence the server words for an outcome (spec §8 shows it): the server writes English only, so English readers
 * get its sentence and others the screen's own text for the same outcome.
 */
export function serverSentence(message: string | undefined, translated: string): string {
  const fromServer = message?.trim();
  return fromServer && (i18n.resolvedLanguage ?? i18n.language) === 'en' ? fromServer : translated;
}

/** For route loaders: the screen renders only when its texts are there (in the current language and English). */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces, ERRORS_NAMESPACE, VALIDATION_NAMESPACE]);
}

/**
 * A screen's own texts without the error and field-message texts, for a screen that can show neither before the
 * person types: /login fetches those with its form's schemas, on the first focus or input (decision 0079).
 */
export function loadOwnNamespaces(namespaces: readonly string[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}

/** For a screen outside the router (the landing page) before it calls the API. */
export function loadErrorTexts(): Promise<void> {
  return i18n.loadNamespaces([ERRORS_NAMESPACE, VALIDATION_NAMESPACE]);
}

export { i18n };
