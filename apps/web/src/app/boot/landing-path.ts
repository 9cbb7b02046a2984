import { LANDING_POSTER } from '@/features/home/landing-poster';

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

/**
 * Resolves once index.html's hero (shown on the landing page for an English visitor) has painted its poster, or
 * after `limitMs`: React replacing the hero earlier would make its own, later paint of the same poster the page's
 * largest paint. The hero's links are real anchors meanwhile, so nothing waits on this.
 */
export function htmlHeroPainted(limitMs = 2500): Promise<void> {
  if (document.documentElement.getAttribute('data-boot') !== 'landing') return Promise.resolve();
  return new Promise((resolve) => {
    const afterNextPaint = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    const poster = new Image();
    poster.src = LANDING_POSTER;
    poster.decode().then(afterNextPaint, afterNextPaint);
    setTimeout(resolve, limitMs);
  });
}
