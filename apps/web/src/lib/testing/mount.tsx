import { MantineProvider } from '@mantine/core';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
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

type Namespaces = Record<string, object>;

/**
 * `node` inside Mantine and a fresh i18next instance in `language` (the first namespace given is the default), mounted
 * as `mount` does; resolves once React has drawn it.
 */
export async function mountTranslated(
  node: ReactNode,
  options: { language: 'en' | 'hi'; resources: { en: Namespaces; hi: Namespaces } },
) {
  const i18n = createInstance();
  await i18n.init({
    lng: options.language,
    resources: options.resources,
    defaultNS: Object.keys(options.resources.en)[0],
  });
  const mounted = mount(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>{node}</MantineProvider>
    </I18nextProvider>,
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return mounted;
}
