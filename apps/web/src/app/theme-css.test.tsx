// @vitest-environment happy-dom
/// <reference types="node" />
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { mount } from '@/lib/testing/mount';
import { cssVariablesResolver, theme } from './theme';

const THEME_CSS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'theme.generated.css');

/** What MantineProvider writes into the page at its first render when asked to (its two <style> elements). */
function providerStyles(): string {
  mount(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <span />
    </MantineProvider>,
  );
  return [...document.querySelectorAll('style[data-mantine-styles]')].map((s) => s.textContent).join('\n');
}

describe('app/theme.generated.css (decision 0040)', () => {
  it('holds exactly the CSS variables and classes MantineProvider would write for the theme, so the app can skip them', () => {
    const file = readFileSync(THEME_CSS, 'utf8');
    const header = file.slice(0, file.indexOf('*/') + 2);
    // After a change of the theme: `WRITE_THEME_CSS=1 npx vitest run apps/web/src/app/theme-css.test.tsx`.
    const styles = providerStyles();
    if (process.env.WRITE_THEME_CSS) writeFileSync(THEME_CSS, `${header}\n${styles}\n`);
    expect(readFileSync(THEME_CSS, 'utf8').slice(header.length).trim()).toBe(styles);
  });
});
