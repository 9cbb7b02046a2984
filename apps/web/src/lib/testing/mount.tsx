import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach } from 'vitest';

let unmount = () => {};
afterEach(() => unmount());

/**
 * A root in the document for a component test (happy-dom), rendering `node` at once when given; removed after the
 * test. `render` renders again, synchronously.
 */
export function mount(node?: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  unmount = () => {
    root.unmount();
    container.remove();
  };
  const render = (next: ReactNode) => flushSync(() => root.render(next));
  if (node !== undefined) render(node);
  return { container, render };
}
