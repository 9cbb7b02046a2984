import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as contracts from '@mohar/contracts';
import { ALL_ERROR_CODES } from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from './platform/app-error.ts';

// The server's own source: what runs in production, not the tests or their helpers.
const SOURCE_ROOT = import.meta.dirname;
const sourceFiles = (readdirSync(SOURCE_ROOT, { recursive: true, encoding: 'utf8' }) as string[])
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .filter((file) => !file.startsWith(`testing${path.sep}`))
  .map((file) => ({ file, text: readFileSync(path.join(SOURCE_ROOT, file), 'utf8') }));

const DOTTED = /^[a-z]+\.[a-z]+(?:_[a-z]+)*$/;
const LISTED = new Set<string>(ALL_ERROR_CODES);

type Found = { code: string; file: string; how: string };

/** Every code the source names, however it names it. */
function codesInSource(): Found[] {
  const found: Found[] = [];
  for (const { file, text } of sourceFiles) {
    // Wherever a code is given (`code: …`, `code = …`), every dotted literal in the expression: `'x.y'`, a ternary's
    // two, a `?? 'z.w'` default. Other dotted names (job names, file names, gateway events) are not codes.
    for (const given of text.matchAll(/\bcode\s*(?::|=(?!=))\s*([^,;}\n]*)/g)) {
      for (const match of (given[1] ?? '').matchAll(/(['"`])([^'"`]*)\1/g)) {
        const value = match[2] ?? '';
        if (DOTTED.test(value)) found.push({ code: value, file, how: given[0] });
      }
    }
    // `AUTH_ERROR_CODES.invalidCredentials`: resolved against the contract, so a missing key shows too.
    for (const match of text.matchAll(/\b((?:[A-Z]+_)*ERROR_CODES)\.([A-Za-z]+)\b/g)) {
      const group = (contracts as Record<string, unknown>)[match[1] ?? ''] as
        | Record<string, string>
        | undefined;
      const value = group?.[match[2] ?? ''];
      found.push({ code: value ?? `${match[1]}.${match[2]} (not in the contract)`, file, how: match[0] });
    }
  }
  return found;
}

describe('error codes the server sends', () => {
  const found = codesInSource();

  it('finds the codes (the scan itself works)', () => {
    const codes = new Set(found.map((f) => f.code));
    expect(codes).toContain('request.invalid');
    expect(codes).toContain('internal.error');
    expect(codes).toContain('auth.invalid_credentials');
    expect(codes).toContain('verify.not_found');
  });

  it('are all in the contract’s list', () => {
    const unlisted = found.filter((f) => !LISTED.has(f.code));
    expect(unlisted).toEqual([]);
  });

  it('are never built at run time (a template code cannot be listed)', () => {
    const built = sourceFiles.flatMap(({ file, text }) =>
      [...text.matchAll(/\bcode\s*(?::|=(?!=))[^,;}\n]*`[^`]*\$\{/g)].map((match) => ({
        file,
        at: match[0],
      })),
    );
    expect(built).toEqual([]);
  });

  it('leave no code in the list that the server never sends', () => {
    const sent = new Set(found.map((f) => f.code));
    expect(ALL_ERROR_CODES.filter((code) => !sent.has(code))).toEqual([]);
  });
});

describe('the web’s English text for a code', () => {
  // The web shows its own text for a code it knows; in English that text must be what the server says.
  const english = JSON.parse(
    readFileSync(path.join(SOURCE_ROOT, '../../web/src/locales/en/errors.json'), 'utf8'),
  ) as Record<string, Record<string, string>>;
  const errorModules = sourceFiles.filter(({ file }) => file.endsWith('.errors.ts')).map(({ file }) => file);

  it('is the server’s sentence wherever the server has one fixed sentence for it', async () => {
    const differing: Array<{ code: string; server: string; web: string | undefined }> = [];
    let checked = 0;
    for (const file of errorModules) {
      const exports = (await import(path.join(SOURCE_ROOT, file))) as Record<string, unknown>;
      const factories = Object.values(exports).flatMap((value) =>
        typeof value === 'function'
          ? [value]
          : typeof value === 'object' && value
            ? Object.values(value)
            : [],
      );
      for (const factory of factories) {
        if (typeof factory !== 'function' || factory.length > 0) continue;
        const error = (factory as () => unknown)();
        if (!(error instanceof AppError)) continue;
        const [feature = '', reason = ''] = error.code.split('.');
        const web = english[feature]?.[reason];
        checked += 1;
        if (web !== '{{message}}' && web !== error.message)
          differing.push({ code: error.code, server: error.message, web });
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(differing).toEqual([]);
  });
});
