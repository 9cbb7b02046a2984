import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * A tree's HTML as the app's own renderer draws it into the DOM (Preact, as in production; the test file runs in
 * happy-dom). Preact renders synchronously, so the markup is complete when `render` returns; effects have not run
 * yet, as on a first paint.
 */
export function renderHtml(node: ReactNode): string {
  const container = document.createElement('div');
  const root = createRoot(container);
  root.render(node);
  const html = container.innerHTML;
  root.unmount();
  return html;
}
