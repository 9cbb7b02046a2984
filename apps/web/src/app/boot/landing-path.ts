/** The landing page's paths: `/` and `/home` (a trailing slash allowed, as React Router allows it). */
export function isLandingPath(pathname: string): boolean {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' || trimmed === '/home';
}

/**
 * Whether a click on an in-app link should be left to the browser: a new tab or window (modifier keys, middle
 * button, a target), a download, or an event already handled. React Router's Link follows the same rule.
 */
export function isBrowserHandledClick(event: {
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
  currentTarget: { getAttribute(name: string): string | null };
}): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (target !== null && target !== '_self') ||
    event.currentTarget.getAttribute('download') !== null
  );
}
