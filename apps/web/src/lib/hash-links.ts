/**
 * The public site historically linked with hash-style paths (`/#/resources`). Returns the real path such a
 * location stands for, or null when the location is not a hash link.
 */
export function rewriteHashLink(location: { pathname: string; search: string; hash: string }): string | null {
  if (!location.hash.startsWith('#/')) return null;
  if (location.pathname !== '/' && location.pathname !== '') return null;
  const target = location.hash.slice(1);
  // "#//host/x" would parse as another host: only plain paths are rewritten.
  if (target.startsWith('//') || target.includes('\\')) return null;
  const url = new URL(target, 'http://local');
  if (url.host !== 'local') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
