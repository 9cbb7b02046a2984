/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Inter's basic cut (inter-basic.css, docs/decisions/0022) must cover every character the app's own texts would
// otherwise take from Inter's whole latin file, or every page showing that text fetches the 48 KB file again.
const HERE = fileURLToPath(new URL('.', import.meta.url));
const LOCALES = path.join(HERE, '../../locales');
const FONTSOURCE = path.join(HERE, '../../../../../node_modules/@fontsource-variable/inter/index.css');

type Range = [number, number];
const parseRanges = (value: string): Range[] =>
  value.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    return [Number.parseInt(from!, 16), Number.parseInt(to ?? from!, 16)];
  });
const inRanges = (ranges: Range[], code: number) => ranges.some(([from, to]) => code >= from && code <= to);

/** The unicode-range of the face whose src names `file`. */
function rangeOf(css: string, file: string): Range[] {
  const face = css.split('@font-face').find((block) => block.includes(file));
  const range = face && /unicode-range:\s*([^;]+);/.exec(face)?.[1];
  if (!range) throw new Error(`no face for ${file}`);
  return parseRanges(range);
}

describe('Inter’s basic cut', () => {
  const basic = rangeOf(readFileSync(path.join(HERE, 'inter-basic.css'), 'utf8'), 'inter-basic.woff2');
  const latin = rangeOf(readFileSync(FONTSOURCE, 'utf8'), 'inter-latin-wght-normal.woff2');

  it('covers every character of the English and Hindi texts that Inter’s latin file would draw', () => {
    const characters = new Set<string>();
    for (const language of ['en', 'hi']) {
      for (const file of readdirSync(path.join(LOCALES, language))) {
        const texts = JSON.stringify(JSON.parse(readFileSync(path.join(LOCALES, language, file), 'utf8')));
        for (const character of texts) characters.add(character);
      }
    }
    const missing = [...characters].filter((c) => {
      const code = c.codePointAt(0)!;
      return inRanges(latin, code) && !inRanges(basic, code) && code >= 0x20;
    });
    expect(missing).toEqual([]);
    // Sanity: the texts do use characters beyond ASCII that the cut had to include.
    expect(
      [...characters].filter((c) => c.codePointAt(0)! > 0x7e && inRanges(basic, c.codePointAt(0)!)).length,
    ).toBeGreaterThan(3);
  });

  it('is the smaller file', () => {
    const size = (file: string) => readFileSync(file).length;
    const latinFile = path.join(path.dirname(FONTSOURCE), 'files/inter-latin-wght-normal.woff2');
    expect(size(path.join(HERE, 'inter-basic.woff2'))).toBeLessThan(size(latinFile) * 0.7);
  });
});
