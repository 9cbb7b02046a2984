/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * Every text a person reads comes from the translation files, in English and in Hindi (issue 23, decision 0055):
 * a key in one language and not the other fails here, and so does a component that writes a sentence into its JSX
 * instead of asking for a translation.
 */

const SRC = fileURLToPath(new URL('.', import.meta.url));
const LOCALES = path.join(SRC, 'locales');
const LANGUAGES = ['en', 'hi'] as const;

type Texts = { [key: string]: string | Texts };

/** 'a.b.c' for every leaf, with its text. */
function flatten(texts: Texts, prefix = ''): Map<string, string> {
  const leaves = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') leaves.set(`${prefix}${key}`, value);
    else for (const [leaf, text] of flatten(value, `${prefix}${key}.`)) leaves.set(leaf, text);
  }
  return leaves;
}

const namespacesOf = (language: string) =>
  readdirSync(path.join(LOCALES, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();

const textsOf = (language: string, namespace: string): Map<string, string> => {
  try {
    return flatten(JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8')));
  } catch {
    return new Map();
  }
};

const allNamespaces = [...new Set(LANGUAGES.flatMap(namespacesOf))].sort();
/**
 * {{name}} placeholders: a Hindi text may leave one out (the server's English sentence behind an error code, say),
 * but one the code does not fill is shown empty.
 */
const placeholdersOf = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe('every namespace has the same keys in English and Hindi', () => {
  it('has the same namespace files in both languages', () => {
    for (const language of LANGUAGES) expect(namespacesOf(language), language).toEqual(allNamespaces);
  });

  it.each(allNamespaces)('%s', (namespace) => {
    const [en, hi] = LANGUAGES.map((language) => textsOf(language, namespace)) as [
      Map<string, string>,
      Map<string, string>,
    ];
    expect(
      [...en.keys()].filter((key) => !hi.has(key)),
      'in English, not in Hindi',
    ).toEqual([]);
    expect(
      [...hi.keys()].filter((key) => !en.has(key)),
      'in Hindi, not in English',
    ).toEqual([]);
    const emptyOrDifferent = [...en].filter(([key, text]) => {
      const hindi = hi.get(key) ?? '';
      const english = new Set(placeholdersOf(text));
      // Where English shows the server's own sentence ({{message}}), Hindi writes its own from the error's details.
      const isServerSentence = english.has('message');
      return (
        hindi.trim() === '' || placeholdersOf(hindi).some((name) => !english.has(name) && !isServerSentence)
      );
    });
    expect(
      emptyOrDifferent.map(([key]) => key),
      'empty, or with a {{placeholder}} English does not have',
    ).toEqual([]);
  });
});

/** Words that are the same in every language: the brand. Numbers and punctuation have no letters, so pass anyway. */
const NOT_LANGUAGE = new Set(['Mohar']);
/** Attributes whose text a person reads or hears (screen readers read aria-label, title and alt). */
const READ_ATTRIBUTES = new Set([
  'alt',
  'aria-description',
  'aria-label',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'description',
  'error',
  'label',
  'placeholder',
  'title',
]);
/**
 * Screens still written in English in their JSX. Empty since the legal texts moved to `legal.json` with their Hindi
 * translation (issue 23); it stays so that a file listed here that no longer needs its place fails.
 */
const NOT_YET_TRANSLATED = new Set<string>([]);

const hasWords = (text: string) => /\p{L}/u.test(text) && !NOT_LANGUAGE.has(text.trim());

type AstNode = { type: string; start: number; [key: string]: unknown };

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

/** The text of a string literal or of a template without placeholders; undefined for anything else. */
function stringOf(node: unknown): string | undefined {
  if (!isNode(node)) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  const quasis = node.quasis as { value: { cooked: string } }[] | undefined;
  if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0 && quasis?.length === 1)
    return quasis[0]?.value.cooked;
  return undefined;
}

/**
 * Text literals a component renders: JSX text, `{'…'}` children, and read attributes given a plain string. Parsed
 * by Vite's own parser (Oxc, through Rolldown): TypeScript 7's package has no parser API (decision 0064).
 */
function literalsIn(file: string, text = readFileSync(file, 'utf8')): string[] {
  const program = parseAst(text, { lang: 'tsx' } as Parameters<typeof parseAst>[1]) as unknown as AstNode;
  const found: string[] = [];
  const where = (node: AstNode) => `${text.slice(0, node.start).split('\n').length}`;
  const visit = (node: AstNode, parent: AstNode | undefined) => {
    if (node.type === 'JSXText' && hasWords(String(node.value)))
      found.push(`${where(node)}: ${String(node.value).trim()}`);
    if (
      node.type === 'JSXExpressionContainer' &&
      (parent?.type === 'JSXElement' || parent?.type === 'JSXFragment')
    ) {
      const value = stringOf(node.expression);
      if (value !== undefined && hasWords(value)) found.push(`${where(node)}: ${value}`);
    }
    const name = (node.name as { name?: unknown } | undefined)?.name;
    if (node.type === 'JSXAttribute' && typeof name === 'string' && READ_ATTRIBUTES.has(name) && node.value) {
      const initializer = node.value as AstNode;
      const value = stringOf(
        initializer.type === 'JSXExpressionContainer' ? initializer.expression : initializer,
      );
      if (value !== undefined && hasWords(value)) found.push(`${where(node)}: ${name}="${value}"`);
    }
    for (const child of Object.values(node)) {
      if (Array.isArray(child)) for (const item of child) if (isNode(item)) visit(item, node);
      if (isNode(child)) visit(child, node);
    }
  };
  visit(program, undefined);
  return found;
}

const components = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => file.endsWith('.tsx') && !file.includes('.test.') && !file.startsWith('lib/testing/'))
  .sort();

describe('components render translations, not text literals', () => {
  it('finds the literals it looks for, and lets the brand, numbers, punctuation and test ids pass', () => {
    expect(components.length).toBeGreaterThan(100);
    const probe = [
      'export const A = () => (',
      '  <Stack data-testid="probe-stack" aria-label="Main menu">',
      '    <Title>Welcome back</Title>',
      "    <Button label={'Pay now'} title={t('pay')}>{'Cancel'}</Button>",
      '    <Text>Mohar</Text>',
      '    <Text>{count} · 42 — ₹</Text>',
      '  </Stack>',
      ');',
    ].join('\n');
    expect(literalsIn('probe.tsx', probe)).toEqual([
      '2: aria-label="Main menu"',
      '3: Welcome back',
      '4: label="Pay now"',
      '4: Cancel',
    ]);
  });

  it('no component writes a sentence, label or accessible name into its JSX', () => {
    const offenders = components
      .filter((file) => !NOT_YET_TRANSLATED.has(file))
      .flatMap((file) => literalsIn(path.join(SRC, file)).map((literal) => `${file}:${literal}`));
    expect(offenders).toEqual([]);
  });

  it('keeps no file on the not-yet-translated list that no longer needs it', () => {
    for (const file of NOT_YET_TRANSLATED) expect(literalsIn(path.join(SRC, file)), file).not.toEqual([]);
  });
});
