// @vitest-environment happy-dom
/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { renderHtml } from '@/lib/testing/render-html';
import { cssVariablesResolver, theme } from './theme';

// The theme's CSS variables are a stylesheet of the build (theme-variables.css), not computed and injected by
// MantineProvider on every page load (decision 0041): it must say exactly what Mantine would inject for this theme.

const FILE = path.join(import.meta.dirname, 'theme-variables.css');

/** What MantineProvider injects for the app's theme and resolver (its default: `:root`, without Mantine's defaults). */
function injectedByMantine(): string {
  const container = document.createElement('div');
  container.innerHTML = renderHtml(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <span />
    </MantineProvider>,
  );
  return container.querySelector('style[data-mantine-styles]')?.textContent ?? '';
}

/** The stylesheet's rules, without its header comment. */
const rulesOf = (css: string) => css.replace(/\/\*[\s\S]*?\*\/\s*/g, '').trim();

describe('the theme’s CSS variables', () => {
  it('are the ones MantineProvider would inject for the theme, in both colour schemes', () => {
    const injected = injectedByMantine();
    expect(injected).toContain('--mantine-primary-color-filled');
    expect(injected).toContain('[data-mantine-color-scheme="dark"]');
    // When the theme changes, write the new rules (the `expected` below) into theme-variables.css.
    expect(rulesOf(readFileSync(FILE, 'utf8')), 'theme-variables.css is out of date').toBe(injected);
  });
});
