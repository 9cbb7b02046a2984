export type ColorMode = 'light' | 'dark';

export const COLOR_SCHEME_STORAGE_KEY = 'mantine-color-scheme-value';

/** Spec §2: only the leading letters, digits and whitespace of the `theme` parameter are used. */
export function sanitizeThemeParam(raw: string | null | undefined): string {
  if (!raw) return '';
  const match = /^[A-Za-z0-9\s]*/.exec(raw);
  return (match?.[0] ?? '').trim().toLowerCase();
}

function asColorMode(value: string | null | undefined): ColorMode | null {
  return value === 'dark' || value === 'light' ? value : null;
}

/** The parameter wins, then the stored choice, then light. */
export function resolveColorMode(options: { themeParam: string | null; stored: string | null }): ColorMode {
  return asColorMode(sanitizeThemeParam(options.themeParam)) ?? asColorMode(options.stored) ?? 'light';
}
