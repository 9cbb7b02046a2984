import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new screen may take to draw its heading (a lazy module, a first read) before focus is left alone. */
const HEADING_WAIT_MS = 10_000;

/**
 * Whether the person has pressed a key or a pointer since the page loaded. Until then a route change is the first
 * load's own (a guard's redirect, a draft created on arrival) and focus stays where a full page load leaves it.
 */
let interacted = false;
if (typeof document !== 'undefined')
  for (const type of ['keydown', 'pointerdown'])
    document.addEventListener(
      type,
      () => {
        interacted = true;
      },
      { capture: true, once: true },
    );

/**
 * Moves focus to the new screen's `<h1>` once it is drawn, as a full page load would start a screen reader there:
 * after a client-side route change focus would otherwise stay on the body (or on a header link), and the next Tab
 * would start from the top of the page. Leaves focus alone when the screen has placed it itself (a wizard step's
 * heading, a dialog, a field): anything other than the body or `focusedBefore` — what had focus when the route
 * changed. Returns a function that stops waiting.
 */
export function focusHeadingWhenShown(focusedBefore: Element | null): () => void {
  const untouched = () => {
    const active = document.activeElement;
    return !active || active === document.body || active === focusedBefore || !active.isConnected;
  };
  const focusHeading = () => {
    if (!untouched()) return true;
    const heading =
      document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    // Focusable from script only, not a Tab stop; the browser draws its ring only when :focus-visible.
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    return true;
  };
  if (focusHeading()) return () => {};
  const observer = new MutationObserver(() => {
    if (focusHeading()) stop();
  });
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * On every in-app route change (a new path; not a changed query, which filters and tabs use, and not the first
 * load), focus moves to the new screen's `<h1>`. Used once, in the router's root layout.
 */
export function useFocusHeadingOnNavigation() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  const recordedFor = useRef(pathname);
  const focusedBefore = useRef<Element | null>(null);
  // Read at the first render of the new path, before it is committed: the old screen's focused control is still
  // there, and the new screen's effects (which run before this layout's) have not yet placed focus.
  if (recordedFor.current !== pathname) {
    recordedFor.current = pathname;
    focusedBefore.current = document.activeElement;
  }
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (!interacted) return;
    return focusHeadingWhenShown(focusedBefore.current);
  }, [pathname]);
}

/** For tests: a person has (not) interacted with the page yet. */
export function setInteractedForTest(value: boolean) {
  interacted = value;
}
