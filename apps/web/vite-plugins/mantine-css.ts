import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * Mantine's styles follow the code that renders them (docs/decisions/0017-css-and-fonts.md).
 *
 * Every Mantine component reads its class names from one `<Name>.module.mjs` file in Mantine's ES build (Button's from
 * `components/Button/Button.module.mjs`, UnstyledButton's from its own, and so on), and `@mantine/core/styles/<Name>.css`
 * is that file's stylesheet. So in a production build each of those modules imports its stylesheet: a component's CSS
 * lands in the same chunk as the code that uses its class names, and a page loads the CSS of exactly the components
 * its code can render — a component cannot be used without its CSS, nor can unused CSS ship. Mantine imports a
 * component's dependencies (UnstyledButton for Button, Input for TextInput…) before its own class names, so within a
 * chunk the stylesheets come in Mantine's dependency order, and before the app's own CSS modules, which import Mantine
 * first. The three stylesheets every component relies on (baseline, CSS variables, global) are imported by main.tsx.
 *
 * The development server pre-bundles Mantine (no per-module transform runs there), so it links Mantine's whole
 * stylesheets instead: the same rules, just all of them.
 */
const MANTINE_MODULE =
  /[\\/]@mantine[\\/](core|notifications)[\\/]esm[\\/](?:.+[\\/])?([A-Za-z]+)\.module\.mjs$/;

/** The stylesheet that belongs to one of Mantine's class-name modules, or null for any other file. */
export function mantineStylesheetFor(id: string): string | null {
  const match = MANTINE_MODULE.exec(id.split('?')[0] ?? '');
  if (!match) return null;
  const [, pkg, name] = match;
  // @mantine/notifications has one such module, and its stylesheet is the package's styles.css.
  return pkg === 'notifications' ? '@mantine/notifications/styles.css' : `@mantine/core/styles/${name}.css`;
}

export function mantineCssPerComponent(): Plugin[] {
  const require = createRequire(import.meta.url);
  return [
    {
      name: 'mohar:mantine-css-per-component',
      apply: 'build',
      enforce: 'pre',
      transform(code, id) {
        const stylesheet = mantineStylesheetFor(id);
        if (!stylesheet) return null;
        // At the end: the file opens with a "use client" directive, which must stay first.
        return { code: `${code}\nimport ${JSON.stringify(stylesheet)};\n`, map: null };
      },
    },
    {
      name: 'mohar:mantine-css-dev',
      apply: 'serve',
      transformIndexHtml: () =>
        ['@mantine/core/styles.css', '@mantine/notifications/styles.css'].map((name) => ({
          tag: 'link',
          attrs: { rel: 'stylesheet', href: `/@fs${require.resolve(name)}` },
          injectTo: 'head-prepend' as const,
        })),
    },
  ];
}
