/**
 * What the app and its libraries import as `react`: Preact's compat layer (React 19's API on a 9 KB renderer instead
 * of React DOM's 55 KB, brotli; docs/decisions/0021-preact.md), plus the two React 19 exports compat lacks: `Activity`, which
 * Mantine renders in Collapse, Stepper (keepMounted), TabsPanel, Transition (keepMounted) and Tree, and
 * `useOptimistic`, which React Router's RouterProvider calls. React's `<title>` and `<meta>` in the head: see
 * document-metadata.ts; when effects run: effect-timing.ts.
 * `vite-plugins/react-aliases.ts` points `react` here for the build, `npm run dev` and the web unit tests alike.
 */
import { type ComponentChildren, createElement } from 'preact';
import './document-metadata';
import './effect-timing';

// The app type-checks against @types/react; compat's own types are one `export =` namespace, which TypeScript will
// not re-export with `export *` although the module has these named exports.
// @ts-expect-error TS2498
export * from 'preact/compat';
export { default } from 'preact/compat';

type ActivityProps = { mode?: 'visible' | 'hidden'; children?: ComponentChildren };

/**
 * React's Activity keeps a hidden subtree's state and hides its DOM (`display: none`). Preact cannot reach a
 * component's DOM nodes without its internals, so this one wraps them in an element that takes no box of its own
 * while visible (`display: contents`: layout, sizes and focus order are the children's) and none while hidden. The
 * wrapper is there in both modes, so switching never remounts the children. Unlike React, a hidden subtree's effects
 * keep running: nothing in Mantine's uses depends on them stopping.
 */
export function Activity({ mode = 'visible', children }: ActivityProps) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}

/**
 * React shows an optimistic state only while the transition that set it is pending. Preact's `startTransition` runs
 * its update at once, so no transition is ever pending and the state is always the one passed in. React Router's
 * RouterProvider is the only caller, and sets an optimistic state only with its `useTransitions` option, unused here.
 */
export function useOptimistic<State, Action>(
  passthrough: State,
  _reducer?: (state: State, action: Action) => State,
): [State, (action: Action) => void] {
  return [passthrough, ignoreOptimisticUpdate];
}

function ignoreOptimisticUpdate() {}
