/**
 * Where a page has room at the bottom. pdf-lib draws but cannot tell how far down a page already has ink (the fork's
 * `extractContents` gives text baselines, not extents, and skips what it cannot read: docs/decisions/0013), so this
 * reads the page's content streams and finds the vertical extent of everything painted: text (estimated generously
 * from the font size and string length), paths, images and form XObjects (by their bounding boxes), and annotations.
 *
 * It errs towards "no room": clipping is ignored, text is assumed wide, and anything it cannot account for (a shading
 * fill, an undecodable stream, a rotated page) makes it answer `null`, which callers treat as a full page. A page
 * painted with a full-page white rectangle counts as empty there (white fills are skipped); a scanned page is one
 * page-sized image, so it never has room — the right answer, since nobody can see where its whitespace is.
 *
 * pdf-lib writes images and embedded pages into the file only when it saves or flushes, and an XObject not yet
 * written cannot be measured (the page then counts as full). Images embedded through images.ts are written at once;
 * for anything else drawn in this process, `await pdfDoc.flush()` first.
 */
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFPage,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from '@cantoo/pdf-lib';

type Matrix = [number, number, number, number, number, number];
type Interval = { bottom: number; top: number };

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** a × b in PDF's row-vector convention (apply a, then b). */
function multiply(a: Matrix, b: Matrix): Matrix {
  return [
    a[0] * b[0] + a[1] * b[2],
    a[0] * b[1] + a[1] * b[3],
    a[2] * b[0] + a[3] * b[2],
    a[2] * b[1] + a[3] * b[3],
    a[4] * b[0] + a[5] * b[2] + b[4],
    a[4] * b[1] + a[5] * b[3] + b[5],
  ];
}

const yOf = (m: Matrix, x: number, y: number) => x * m[1] + y * m[3] + m[5];

/** The y-extent of the rectangle (x0,y0)–(x1,y1) after `m`. */
function yExtent(m: Matrix, rect: [number, number, number, number]): Interval {
  const [x0, y0, x1, y1] = rect;
  const ys = [yOf(m, x0, y0), yOf(m, x1, y0), yOf(m, x0, y1), yOf(m, x1, y1)];
  return { bottom: Math.min(...ys), top: Math.max(...ys) };
}

class Unknown extends Error {}

// ---------------------------------------------------------------------------------------------------------------
// Lexer for content streams (ISO 32000-1 §7.2, §7.8.2)

type Token =
  | { t: 'num'; v: number }
  | { t: 'str'; bytes: number }
  | { t: 'name'; v: string }
  | { t: 'arr'; items: Token[] }
  | { t: 'dict' }
  | { t: 'op'; v: string }
  | { t: 'mark'; v: '[' | '<<' };

const WHITESPACE = new Set([0, 9, 10, 12, 13, 32]);
const DELIMITERS = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

class Lexer {
  pos = 0;
  readonly bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  private skipSpace() {
    const b = this.bytes;
    while (this.pos < b.length) {
      const c = b[this.pos]!;
      if (WHITESPACE.has(c)) this.pos++;
      else if (c === 0x25) {
        while (this.pos < b.length && b[this.pos] !== 0x0a && b[this.pos] !== 0x0d) this.pos++;
      } else break;
    }
  }

  /** Next token, or `']'`/`'>>'` closers, or undefined at the end. */
  next(): Token | ']' | '>>' | undefined {
    this.skipSpace();
    const b = this.bytes;
    if (this.pos >= b.length) return undefined;
    const c = b[this.pos]!;
    if (c === 0x28) return this.literalString();
    if (c === 0x3c) {
      if (b[this.pos + 1] === 0x3c) {
        this.pos += 2;
        return { t: 'mark', v: '<<' };
      }
      const end = b.indexOf(0x3e, this.pos);
      if (end < 0) throw new Unknown('unterminated hex string');
      const digits = end - this.pos - 1;
      this.pos = end + 1;
      return { t: 'str', bytes: Math.ceil(digits / 2) };
    }
    if (c === 0x3e && b[this.pos + 1] === 0x3e) {
      this.pos += 2;
      return '>>';
    }
    if (c === 0x5b) {
      this.pos++;
      return { t: 'mark', v: '[' };
    }
    if (c === 0x5d) {
      this.pos++;
      return ']';
    }
    if (c === 0x2f) {
      this.pos++;
      return { t: 'name', v: this.word() };
    }
    if (DELIMITERS.has(c)) {
      // A stray delimiter ({, }, ), >) carries nothing we need.
      this.pos++;
      return this.next();
    }
    const word = this.word();
    return NUMBER.test(word) ? { t: 'num', v: Number(word) } : { t: 'op', v: word };
  }

  private word(): string {
    const b = this.bytes;
    const start = this.pos;
    while (this.pos < b.length && !WHITESPACE.has(b[this.pos]!) && !DELIMITERS.has(b[this.pos]!)) this.pos++;
    return Buffer.from(b.subarray(start, this.pos)).toString('latin1');
  }

  private literalString(): Token {
    const b = this.bytes;
    let depth = 0;
    let count = 0;
    while (this.pos < b.length) {
      const c = b[this.pos++]!;
      if (c === 0x5c) {
        this.pos++;
        count++;
      } else if (c === 0x28) {
        if (depth++ > 0) count++;
      } else if (c === 0x29) {
        if (--depth === 0) return { t: 'str', bytes: count };
        count++;
      } else count++;
    }
    throw new Unknown('unterminated string');
  }

  /** After `ID`: skips an inline image's data up to its `EI`. */
  skipInlineImageData() {
    const b = this.bytes;
    for (let i = this.pos + 1; i + 2 < b.length; i++) {
      if (
        b[i] === 0x45 &&
        b[i + 1] === 0x49 &&
        WHITESPACE.has(b[i - 1]!) &&
        (i + 2 === b.length || WHITESPACE.has(b[i + 2]!))
      ) {
        this.pos = i + 2;
        return;
      }
    }
    throw new Unknown('inline image without EI');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Interpreter: only what moves ink.

type GraphicsState = { ctm: Matrix; lineWidth: number; isFillWhite: boolean };
type TextState = {
  tm: Matrix;
  tlm: Matrix;
  size: number;
  scale: number;
  leading: number;
  rise: number;
  mode: number;
};

/** Generous glyph box in text space units of one em: descenders below, accents above, 0.6 em per byte. */
const GLYPH_BOTTOM = -0.35;
const GLYPH_TOP = 1.1;
const GLYPH_ADVANCE = 0.6;

function streamBytes(object: PDFObject | undefined, page: PDFPage): Uint8Array {
  const stream = object instanceof PDFRef ? page.doc.context.lookup(object) : object;
  if (stream instanceof PDFRawStream) return decodePDFRawStream(stream).decode();
  if (stream instanceof PDFStream && 'getUnencodedContents' in stream) {
    return (stream as PDFStream & { getUnencodedContents(): Uint8Array }).getUnencodedContents();
  }
  throw new Unknown('unreadable content stream');
}

function numbersOf(array: PDFArray | undefined, count: number): number[] | undefined {
  if (!array || array.size() < count) return undefined;
  const values = array.asArray().map((item) => {
    return item instanceof PDFNumber ? item.asNumber() : Number.NaN;
  });
  return values.every(Number.isFinite) ? values.slice(0, count) : undefined;
}

function paintedIntervals(page: PDFPage): Interval[] {
  const { context } = page.doc;
  const contents = page.node.Contents();
  const parts: Uint8Array[] = [];
  if (contents instanceof PDFArray) {
    for (const item of contents.asArray()) parts.push(streamBytes(item, page), Uint8Array.of(0x0a));
  } else if (contents) parts.push(streamBytes(contents, page));
  const bytes = Buffer.concat(parts);

  const resources = context.lookupMaybe(page.node.getInheritableAttribute(PDFName.of('Resources')), PDFDict);
  const xObjects = resources ? context.lookupMaybe(resources.get(PDFName.of('XObject')), PDFDict) : undefined;

  const out: Interval[] = [];
  const stack: GraphicsState[] = [];
  let gs: GraphicsState = { ctm: IDENTITY, lineWidth: 1, isFillWhite: false };
  const text: TextState = { tm: IDENTITY, tlm: IDENTITY, size: 0, scale: 1, leading: 0, rise: 0, mode: 0 };
  let path: Array<[number, number]> = [];
  let operands: Array<Token> = [];
  const marks: Array<{ index: number; v: '[' | '<<' }> = [];

  const num = (i: number) => {
    const token = operands[operands.length - i];
    if (token?.t !== 'num') throw new Unknown('operand is not a number');
    return token.v;
  };
  const nums = (count: number) => Array.from({ length: count }, (_, i) => num(count - i));
  const addPoint = (x: number, y: number) => path.push([x, y]);
  const paintPath = (isStroke: boolean, isFill: boolean) => {
    if (path.length > 0 && (isStroke || !(isFill && gs.isFillWhite))) {
      const ys = path.map(([x, y]) => yOf(gs.ctm, x, y));
      const scale = Math.sqrt(Math.abs(gs.ctm[0] * gs.ctm[3] - gs.ctm[1] * gs.ctm[2]));
      const margin = isStroke ? (Math.max(gs.lineWidth, 1) * scale) / 2 : 0;
      out.push({ bottom: Math.min(...ys) - margin, top: Math.max(...ys) + margin });
    }
    path = [];
  };
  const moveText = (tx: number, ty: number) => {
    text.tlm = multiply([1, 0, 0, 1, tx, ty], text.tlm);
    text.tm = text.tlm;
  };
  const showText = (byteCount: number) => {
    const em = byteCount * GLYPH_ADVANCE;
    const trm = multiply(multiply([text.size * text.scale, 0, 0, text.size, 0, text.rise], text.tm), gs.ctm);
    // Modes 3 (invisible, e.g. the OCR layer of a scan) and 7 (clip only) put no ink on the page.
    if (text.mode !== 3 && text.mode !== 7 && byteCount > 0)
      out.push(yExtent(trm, [0, GLYPH_BOTTOM, em, GLYPH_TOP]));
    text.tm = multiply([1, 0, 0, 1, em * text.size * text.scale, 0], text.tm);
  };

  const lexer = new Lexer(bytes);
  for (let token = lexer.next(); token !== undefined; token = lexer.next()) {
    if (token === ']' || token === '>>') {
      const mark = marks.pop();
      if (!mark) continue;
      const items = operands.slice(mark.index);
      operands = operands.slice(0, mark.index);
      operands.push(token === ']' ? { t: 'arr', items } : { t: 'dict' });
      continue;
    }
    if (token.t === 'mark') {
      marks.push({ index: operands.length, v: token.v });
      continue;
    }
    if (token.t !== 'op') {
      operands.push(token);
      continue;
    }
    if (marks.length > 0) {
      // Operators cannot appear inside an array or dictionary: `true`, `false`, `null` can.
      operands.push(token);
      continue;
    }
    switch (token.v) {
      case 'q':
        stack.push({ ...gs });
        break;
      case 'Q':
        gs = stack.pop() ?? gs;
        break;
      case 'cm':
        gs.ctm = multiply(nums(6) as Matrix, gs.ctm);
        break;
      case 'w':
        gs.lineWidth = num(1);
        break;
      case 'g':
        gs.isFillWhite = num(1) >= 0.999;
        break;
      case 'rg':
        gs.isFillWhite = nums(3).every((v) => v >= 0.999);
        break;
      case 'k':
        gs.isFillWhite = nums(4).every((v) => v <= 0.001);
        break;
      case 'sc':
      case 'scn':
      case 'cs':
        gs.isFillWhite = false;
        break;
      case 'm':
      case 'l':
        addPoint(num(2), num(1));
        break;
      case 'c':
        addPoint(num(6), num(5));
        addPoint(num(4), num(3));
        addPoint(num(2), num(1));
        break;
      case 'v':
      case 'y':
        addPoint(num(4), num(3));
        addPoint(num(2), num(1));
        break;
      case 're': {
        const [x, y, w, h] = nums(4) as [number, number, number, number];
        addPoint(x, y);
        addPoint(x + w, y + h);
        addPoint(x + w, y);
        addPoint(x, y + h);
        break;
      }
      case 'S':
      case 's':
        paintPath(true, false);
        break;
      case 'f':
      case 'F':
      case 'f*':
        paintPath(false, true);
        break;
      case 'B':
      case 'B*':
      case 'b':
      case 'b*':
        paintPath(true, true);
        break;
      case 'n':
        path = [];
        break;
      case 'BT':
        text.tm = IDENTITY;
        text.tlm = IDENTITY;
        break;
      case 'Tf':
        text.size = num(1);
        break;
      case 'Tz':
        text.scale = num(1) / 100;
        break;
      case 'TL':
        text.leading = num(1);
        break;
      case 'Ts':
        text.rise = num(1);
        break;
      case 'Tr':
        text.mode = num(1);
        break;
      case 'Td':
        moveText(num(2), num(1));
        break;
      case 'TD':
        text.leading = -num(1);
        moveText(num(2), num(1));
        break;
      case 'Tm':
        text.tm = nums(6) as Matrix;
        text.tlm = text.tm;
        break;
      case 'T*':
        moveText(0, -text.leading);
        break;
      case 'Tj':
      case "'":
      case '"': {
        if (token.v !== 'Tj') moveText(0, -text.leading);
        const string = operands[operands.length - 1];
        showText(string?.t === 'str' ? string.bytes : 0);
        break;
      }
      case 'TJ': {
        const array = operands[operands.length - 1];
        const count =
          array?.t === 'arr'
            ? array.items.reduce((sum, item) => sum + (item.t === 'str' ? item.bytes : 0), 0)
            : 0;
        showText(count);
        break;
      }
      case 'Do': {
        const name = operands[operands.length - 1];
        const xObject = name?.t === 'name' ? xObjects?.lookup(PDFName.of(name.v)) : undefined;
        if (!(xObject instanceof PDFStream)) throw new Unknown('missing XObject');
        const subtype = xObject.dict.lookupMaybe(PDFName.of('Subtype'), PDFName);
        if (subtype === PDFName.of('Image')) out.push(yExtent(gs.ctm, [0, 0, 1, 1]));
        else {
          const bbox = numbersOf(xObject.dict.lookupMaybe(PDFName.of('BBox'), PDFArray), 4);
          if (!bbox) throw new Unknown('form XObject without BBox');
          const matrix = (numbersOf(xObject.dict.lookupMaybe(PDFName.of('Matrix'), PDFArray), 6) ??
            IDENTITY) as Matrix;
          out.push(yExtent(multiply(matrix, gs.ctm), bbox as [number, number, number, number]));
        }
        break;
      }
      case 'ID':
        lexer.skipInlineImageData();
        out.push(yExtent(gs.ctm, [0, 0, 1, 1]));
        break;
      case 'sh':
        // A shading fills the current clip, which is not tracked.
        throw new Unknown('shading');
      default:
        break;
    }
    operands = [];
  }

  for (const ref of page.node.Annots()?.asArray() ?? []) {
    const annot = context.lookupMaybe(ref, PDFDict);
    if (!annot) continue;
    const subtype = annot.lookupMaybe(PDFName.of('Subtype'), PDFName);
    const flags = annot.lookupMaybe(PDFName.of('F'), PDFNumber)?.asNumber() ?? 0;
    // Hidden (bit 2) and NoView (bit 6) annotations show nothing; links and popups have no appearance of their own.
    if (flags & 0b100010 || subtype === PDFName.of('Link') || subtype === PDFName.of('Popup')) continue;
    const rect = numbersOf(annot.lookupMaybe(PDFName.of('Rect'), PDFArray), 4);
    if (rect) out.push({ bottom: Math.min(rect[1]!, rect[3]!), top: Math.max(rect[1]!, rect[3]!) });
  }
  return out;
}

/** The vertical extents of what the page paints, merged and sorted bottom-up; null when it cannot tell. */
export function findPaintedBands(page: PDFPage): Interval[] | null {
  if (page.getRotation().angle % 360 !== 0) return null;
  let intervals: Interval[];
  try {
    intervals = paintedIntervals(page);
  } catch {
    return null;
  }
  const sorted = intervals
    .filter((i) => Number.isFinite(i.bottom) && Number.isFinite(i.top))
    .sort((a, b) => a.bottom - b.bottom);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.bottom <= last.top + 1) last.top = Math.max(last.top, interval.top);
    else merged.push({ ...interval });
  }
  return merged;
}

export type FreeBand = { bottom: number; top: number };

/** A footer is a short band of content (page number, running footer) within this distance of the bottom edge. */
const FOOTER_ZONE = 72;
const FOOTER_MAX_HEIGHT = 36;

/**
 * The empty band at the bottom of the page, within `margin` of the visible edges and `gap` away from content: below
 * the last content, or, when the last content is a footer, between the body and the footer. Null when the page is
 * full or cannot be read.
 */
export function findBottomFreeBand(page: PDFPage, options: { margin: number; gap: number }): FreeBand | null {
  const bands = findPaintedBands(page);
  if (!bands) return null;
  const box = page.getCropBox();
  const floor = box.y + options.margin;
  const ceiling = box.y + box.height - options.margin;
  const visible = bands.filter((b) => b.top > box.y && b.bottom < box.y + box.height);
  let band: FreeBand;
  const [lowest, next] = visible;
  if (!lowest) band = { bottom: floor, top: ceiling };
  else if (
    next &&
    lowest.top <= box.y + FOOTER_ZONE &&
    lowest.top - lowest.bottom <= FOOTER_MAX_HEIGHT &&
    next.bottom - lowest.top > options.gap * 2
  ) {
    band = { bottom: Math.max(floor, lowest.top + options.gap), top: next.bottom - options.gap };
  } else band = { bottom: floor, top: Math.min(ceiling, lowest.bottom - options.gap) };
  return band.top > band.bottom ? band : null;
}
