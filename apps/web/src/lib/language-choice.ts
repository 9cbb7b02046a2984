/**
 * Which language a person sees (issue 23, decision 0055): the language they chose — on their account, or on this
 * browser before signing in — else the first of their browser's languages the product speaks, else English.
 * public/color-scheme.js applies the same rule before the first paint (login.html's card, the landing hero).
 * Plain functions with no imports: the landing page's entry runs them.
 */
export const LANGUAGE_CODES = ['en', 'hi'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';
/** Where this browser keeps the person's explicit choice; a language taken from the browser is never written here. */
export const LANGUAGE_STORAGE_KEY = 'mohar.language';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return LANGUAGE_CODES.some((code) => code === value);
}

/** 'hi-IN' → 'hi': a browser's tags carry regions and scripts the product does not distinguish. */
function languageOfTag(tag: string): LanguageCode | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguageCode(primary) ? primary : null;
}

/** The first of the browser's languages (navigator.languages, most preferred first) that the product speaks. */
export function browserLanguage(tags: readonly string[]): LanguageCode | null {
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return null;
}

export function pickLanguage(options: { chosen: unknown; browser: readonly string[] }): LanguageCode {
  if (isLanguageCode(options.chosen)) return options.chosen;
  return browserLanguage(options.browser) ?? DEFAULT_LANGUAGE;
}

/** The choice this browser remembers, or null (never chosen, or no storage in private mode). */
export function readStoredChoice(): LanguageCode | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguageCode(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeChoice(language: LanguageCode): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only (and on the account when signed in).
  }
}

/** navigator.languages, or the single navigator.language of older browsers. */
export function readBrowserLanguages(): readonly string[] {
  const { languages, language } = window.navigator;
  if (languages?.length) return languages;
  return language ? [language] : [];
}

/**
 * Whether the session now in hand brings a language to apply: only when the signed-in person or their account's
 * choice changed since the last session seen, so a re-read of the session never undoes a choice made meanwhile
 * (one whose save failed, say). Null when there is nothing to apply.
 */
export function accountLanguageToApply(options: {
  previous: { userId: string; language: LanguageCode | null } | null;
  next: { userId: string; language: LanguageCode | null } | null;
}): LanguageCode | null {
  const { previous, next } = options;
  if (!next?.language) return null;
  if (previous && previous.userId === next.userId && previous.language === next.language) return null;
  return next.language;
}
