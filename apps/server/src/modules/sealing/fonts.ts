/**
 * Fonts for everything Mohar draws into a notarised PDF. The standard PDF fonts are WinAnsi only (no ₹, no Hindi), so
 * Noto Sans and Noto Sans Devanagari (apps/server/assets/fonts, SIL OFL 1.1) are embedded, subset to the glyphs used.
 *
 * Text is drawn in runs: Devanagari characters with Noto Sans Devanagari, everything else with Noto Sans (which has ₹).
 * A font returned by `embedFonts` knows its Devanagari companion, so `drawWrapped(page, text, { font: fonts.bold })`
 * is all a caller writes. Bold Devanagari uses the regular face (no bold Devanagari is shipped).
 * Scripts other than Latin and Devanagari (Tamil, Bengali, …) have no glyphs here and draw as empty boxes.
 */
import { readFile } from 'node:fs/promises';
import fontkit from '@cantoo/fontkit';
import { type Color, type PDFDocument, type PDFFont, type PDFPage, rgb } from '@cantoo/pdf-lib';

export type MoharFonts = { regular: PDFFont; bold: PDFFont; devanagari: PDFFont };

const FONTS_DIR = new URL('../../../assets/fonts/', import.meta.url);
const FONT_FILES = {
  regular: 'NotoSans-Regular.ttf',
  bold: 'NotoSans-Bold.ttf',
  devanagari: 'NotoSansDevanagari-Regular.ttf',
} as const;

type FontBytes = Record<keyof typeof FONT_FILES, Uint8Array>;
let fontBytes: Promise<FontBytes> | undefined;

function readFontBytes(): Promise<FontBytes> {
  fontBytes ??= (async () => {
    const [regular, bold, devanagari] = await Promise.all(
      [FONT_FILES.regular, FONT_FILES.bold, FONT_FILES.devanagari].map(
        async (name) => new Uint8Array(await readFile(new URL(name, FONTS_DIR))),
      ),
    );
    return { regular: regular!, bold: bold!, devanagari: devanagari! };
  })();
  // A failed read (missing file) must not be cached forever.
  fontBytes.catch(() => {
    fontBytes = undefined;
  });
  return fontBytes;
}

type Face = keyof typeof FONT_FILES;
const faces = new WeakMap<PDFDocument, Map<Face, Promise<PDFFont>>>();
const embedded = new WeakMap<PDFDocument, Promise<MoharFonts>>();
const devanagariFallback = new WeakMap<PDFFont, PDFFont>();

/**
 * One face, embedded once per document. Each embedded face is parsed now and subset and written at every save of
 * the document, used or not: a signature's caption that embedded all three took most of the signature's save.
 */
function embedFace(pdfDoc: PDFDocument, face: Face): Promise<PDFFont> {
  let ofDoc = faces.get(pdfDoc);
  if (!ofDoc) {
    ofDoc = new Map();
    faces.set(pdfDoc, ofDoc);
    pdfDoc.registerFontkit(fontkit);
  }
  let font = ofDoc.get(face);
  if (!font) {
    font = readFontBytes().then((bytes) => pdfDoc.embedFont(bytes[face], { subset: true }));
    ofDoc.set(face, font);
    const cache = ofDoc;
    font.catch(() => cache.delete(face));
  }
  return font;
}

/**
 * Embeds the three faces once per document (a second call returns the same fonts, so every renderer can call it).
 * Files are read from disk once per process.
 */
export function embedFonts(pdfDoc: PDFDocument): Promise<MoharFonts> {
  let fonts = embedded.get(pdfDoc);
  if (!fonts) {
    fonts = (async () => {
      const [regular, bold, devanagari] = await Promise.all([
        embedFace(pdfDoc, 'regular'),
        embedFace(pdfDoc, 'bold'),
        embedFace(pdfDoc, 'devanagari'),
      ]);
      devanagariFallback.set(regular, devanagari);
      devanagariFallback.set(bold, devanagari);
      return { regular, bold, devanagari };
    })();
    embedded.set(pdfDoc, fonts);
    fonts.catch(() => embedded.delete(pdfDoc));
  }
  return fonts;
}

/**
 * The regular face for drawing `text` alone (a signature's caption, initials), with the Devanagari face as its
 * companion only when the text has Devanagari: nothing else is embedded for it.
 */
export async function embedTextFont(pdfDoc: PDFDocument, text: string): Promise<PDFFont> {
  const regular = await embedFace(pdfDoc, 'regular');
  if (DEVANAGARI.test(text)) devanagariFallback.set(regular, await embedFace(pdfDoc, 'devanagari'));
  return regular;
}

// Devanagari (U+0900–U+097F), Devanagari Extended (U+A8E0–U+A8FF) and Vedic Extensions (U+1CD0–U+1CFF).
const DEVANAGARI = /[\u0900-\u097F\uA8E0-\uA8FF\u1CD0-\u1CFF]/u;
// Joiners and spaces stay with the run they are in, so a conjunct with ZWJ or a Hindi phrase is shaped as one run.
const NEUTRAL = /^(?:\u200C|\u200D|\s)$/u;

export type TextRun = { text: string; font: PDFFont };

/** A no-break space: wrapping keeps the words on either side together (drawn as a plain space). */
export const NBSP = '\u00A0';

/** Cleans text for drawing: NFC, tabs and control characters become spaces (newlines are kept as paragraph breaks). */
export function cleanText(text: string, options: { keepNoBreak?: boolean } = {}): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\p{Cc}\p{Cs}\s]/gu, (char) =>
      char === '\n' || (options.keepNoBreak && char === NBSP) ? char : ' ',
    );
}

/** Splits a line into runs for `font` and its Devanagari companion (if it has one). */
export function splitScriptRuns(text: string, font: PDFFont): TextRun[] {
  const deva = devanagariFallback.get(font);
  if (!deva || !DEVANAGARI.test(text)) return text ? [{ text, font }] : [];
  const runs: TextRun[] = [];
  let current: TextRun | undefined;
  for (const char of text) {
    const wanted = DEVANAGARI.test(char) ? deva : NEUTRAL.test(char) && current ? current.font : font;
    if (current && current.font === wanted) current.text += char;
    else {
      current = { text: char, font: wanted };
      runs.push(current);
    }
  }
  return runs;
}

/** Width of one line of mixed-script text. */
export function widthOfText(text: string, options: { font: PDFFont; size: number }): number {
  return splitScriptRuns(text, options.font).reduce(
    (sum, run) => sum + run.font.widthOfTextAtSize(run.text, options.size),
    0,
  );
}

export type TextStyle = {
  font: PDFFont;
  size: number;
  color?: Color;
};

/** Draws one line (no wrapping) with its baseline at `y`; returns the width drawn. */
export function drawTextLine(
  page: PDFPage,
  text: string,
  options: TextStyle & { x: number; y: number; align?: 'left' | 'center' | 'right'; width?: number },
): number {
  const runs = splitScriptRuns(cleanText(text).replace(/\n/g, ' '), options.font);
  const total = runs.reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, options.size), 0);
  let x = options.x;
  if (options.align === 'center') x += ((options.width ?? 0) - total) / 2;
  if (options.align === 'right') x += (options.width ?? 0) - total;
  for (const run of runs) {
    page.drawText(run.text, { x, y: options.y, size: options.size, font: run.font, color: options.color });
    x += run.font.widthOfTextAtSize(run.text, options.size);
  }
  return total;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Where a long word may break: after these characters (IPv6 groups, URL parts, hyphenated IDs). */
const SOFT_BREAK = /[:/\-.?&=_]/;

/**
 * Breaks a word wider than `width` (hashes, URLs, IPv6 addresses): after the last soft-break character that fits,
 * else at a grapheme boundary.
 */
function breakWord(word: string, options: { font: PDFFont; size: number; width: number }): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const { segment } of graphemes.segment(word)) {
    if (!piece || widthOfText(piece + segment, options) <= options.width) {
      piece += segment;
      continue;
    }
    let cut = -1;
    for (let i = piece.length - 1; i > 0; i--) {
      if (SOFT_BREAK.test(piece[i] ?? '')) {
        cut = i + 1;
        break;
      }
    }
    if (cut > 0 && cut < piece.length) {
      pieces.push(piece.slice(0, cut));
      piece = piece.slice(cut) + segment;
    } else {
      pieces.push(piece);
      piece = segment;
    }
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * Greedy word wrap; `\n` starts a new paragraph. An empty string is one empty line. A line's width is the sum of its
 * words' and spaces' widths (each word is shaped once): pdf-lib measures and draws glyph advances without kerning, so
 * the sum is exact.
 */
export function wrapText(text: string, options: { font: PDFFont; size: number; width: number }): string[] {
  const lines: string[] = [];
  const space = widthOfText(' ', options);
  // No-break spaces stay inside their word until the line is drawn (drawTextLine makes them plain spaces).
  for (const paragraph of cleanText(text, { keepNoBreak: true }).split('\n')) {
    const words = paragraph.split(/ +/).filter(Boolean);
    if (words.length === 0) {
      lines.push('');
      continue;
    }
    let line = '';
    let lineWidth = 0;
    for (const word of words) {
      const wordWidth = widthOfText(word, options);
      if (line && lineWidth + space + wordWidth <= options.width) {
        line = `${line} ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line) lines.push(line);
      if (wordWidth <= options.width) {
        line = word;
        lineWidth = wordWidth;
      } else {
        const pieces = breakWord(word, options);
        line = pieces.pop() ?? '';
        lineWidth = widthOfText(line, options);
        lines.push(...pieces);
      }
    }
    lines.push(line);
  }
  return lines;
}

export type WrapOptions = TextStyle & {
  x: number;
  /** Top of the first line box (not its baseline). */
  y: number;
  width: number;
  /** Distance between baselines; default 1.3 × size. */
  lineHeight?: number;
  align?: 'left' | 'center' | 'right';
  /** Draw at most this many lines; the last one shown ends in "…" when text was cut. */
  maxLines?: number;
};

/** Baseline of a line whose box starts at `top`: the glyphs are centred in the line box. */
export function baselineFor(options: { top: number; size: number; lineHeight: number }): number {
  return options.top - (options.lineHeight - options.size) / 2 - options.size * 0.8;
}

/** Lines and height the text would take, without drawing (for laying out before drawing). */
export function measureWrapped(
  text: string,
  options: Omit<WrapOptions, 'x' | 'y' | 'color' | 'align'>,
): { lines: string[]; height: number } {
  const lineHeight = options.lineHeight ?? options.size * 1.3;
  let lines = wrapText(text, options);
  if (options.maxLines !== undefined && lines.length > options.maxLines) {
    lines = lines.slice(0, options.maxLines);
    const last = lines.length - 1;
    let cut = lines[last] ?? '';
    while (cut && widthOfText(`${cut}…`, options) > options.width) cut = cut.slice(0, -1);
    lines[last] = `${cut.trimEnd()}…`;
  }
  return { lines, height: lines.length * lineHeight };
}

/**
 * Draws wrapped text whose first line box starts at `y` (its top) and returns the y below the last line: the top of
 * whatever comes next.
 */
export function drawWrapped(page: PDFPage, text: string, options: WrapOptions): number {
  const lineHeight = options.lineHeight ?? options.size * 1.3;
  const { lines } = measureWrapped(text, options);
  let top = options.y;
  for (const line of lines) {
    drawTextLine(page, line, {
      ...options,
      y: baselineFor({ top, size: options.size, lineHeight }),
    });
    top -= lineHeight;
  }
  return top;
}

/** Brand colours (brand.md; Mantine indigo shade 8 and its lightest tint, as on the invoice). */
export const COLOURS = {
  ink: rgb(0.13, 0.13, 0.16),
  muted: rgb(0.38, 0.38, 0.44),
  indigo: rgb(0x31 / 255, 0x2c / 255, 0x9c / 255),
  indigoTint: rgb(0xee / 255, 0xed / 255, 0xfb / 255),
  rule: rgb(0.82, 0.82, 0.88),
  green: rgb(0x2b / 255, 0x8a / 255, 0x3e / 255),
  white: rgb(1, 1, 1),
} as const;
