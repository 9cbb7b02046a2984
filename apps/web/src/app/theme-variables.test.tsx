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

/**
 * A stylesheet's rules as `selector → { property: value }`, whatever its layout: the file is formatted by Biome (line
 * breaks, double quotes), Mantine writes one line with single quotes.
 */
function rulesOf(css: string): Record<string, Record<string, string>> {
  const squash = (text: string) => text.replace(/\s+/g, ' ').replace(/'/g, '"').trim();
  const rules: Record<string, Record<string, string>> = {};
  for (const [, selector = '', body = ''] of css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const declarations: Record<string, string> = {};
    for (const declaration of body.split(';')) {
      const colon = declaration.indexOf(':');
      if (colon > 0) declarations[squash(declaration.slice(0, colon))] = squash(declaration.slice(colon + 1));
    }
    rules[squash(selector).replace(/\s*,\s*/g, ', ')] = declarations;
  }
  return rules;
}

describe('the theme’s CSS variables', () => {
  it('are the ones MantineProvider would inject for the theme, in both colour schemes', () => {
    const injected = injectedByMantine();
    expect(injected).toContain('--mantine-primary-color-filled');
    expect(injected).toContain('[data-mantine-color-scheme="dark"]');
    // When the theme changes, write the new rules (the `expected` below) into theme-variables.css.
    expect(rulesOf(readFileSync(FILE, 'utf8')), 'theme-variables.css is out of date').toEqual(
      rulesOf(injected),
    );
    expect(Object.keys(rulesOf(injected))).toHaveLength(3);
  });
});
