const BASE = 'http://mohar.invalid';

/**
 * The `redirect` query parameter, if it is safe to follow after login: a path on this site. Anything that a
 * browser could read as another origin is refused (open-redirect defence, OWASP ASVS 5.1.5): `//host`, `/\host`,
 * absolute URLs, and control characters or whitespace, which browsers strip from URLs (`/\t/host` → `//host`).
 * Returns the normalised path with its query and hash, or null.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here.
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
