/**
 * The notary's official round seal (Notaries Rules 1956: round, 5 cm; name, area of practice, registration number,
 * the word NOTARY, appointing government, commission expiry), drawn as SVG and rendered to a transparent PNG.
 *
 * Rendering notes:
 * - librsvg (which sharp uses for SVG) draws neither `<textPath>` nor `textLength`, so the arc texts are laid out
 *   here: one `<text>` per character, rotated about the centre. Advances come from the metrics of Noto Sans
 *   (embedded below), so spacing and fitting are computed, never guessed by the renderer.
 * - `@font-face` with a data: URL does not work in librsvg, so the seal names system families:
 *   Noto Sans (Debian `fonts-noto-core`), then DejaVu Sans (`fonts-dejavu-core`), then sans-serif.
 *   The layout is computed for Noto Sans; DejaVu Sans is wider and would look cramped.
 */
import { ERROR_CODES } from '@mohar/contracts';
import { z } from 'zod';
import { AppError } from '../../platform/app-error.ts';
import { loadSharp } from '../../platform/lazy-libraries.ts';

export type SealDetails = {
  /** The notary's full name as on the certificate. */
  name: string;
  /** e.g. "Delhi" or "Mumbai Suburban District". */
  areaOfPractice: string;
  /** e.g. "DL/2019/04512". */
  registrationNumber: string;
  /** e.g. "Government of NCT of Delhi" or "Central Government". */
  appointingGovernment: string;
  /** YYYY-MM-DD; shown as DD/MM/YYYY. */
  commissionExpiresOn: string;
};

export type SealLayout = {
  /** Physical diameter in millimetres (the rule: round, 5 cm). */
  sizeMm: number;
  /** Ink colour, #rrggbb. */
  colour: string;
  /** What runs along the top arc; with 'name' the area of practice goes in the centre. */
  outerText: 'name' | 'name_and_area';
  showExpiry: boolean;
};

export const DEFAULT_SEAL_LAYOUT: SealLayout = Object.freeze({
  sizeMm: 50,
  colour: '#1d2a8a',
  outerText: 'name_and_area',
  showExpiry: true,
});

export const SEAL_SIZE_MM = { min: 20, max: 100 } as const;
export const SEAL_DPI = { min: 72, max: 1200, default: 300 } as const;

const sealLayoutSchema = z.strictObject({
  sizeMm: z
    .number({ error: 'sizeMm must be a number of millimetres' })
    .min(SEAL_SIZE_MM.min, `sizeMm must be at least ${SEAL_SIZE_MM.min} mm`)
    .max(SEAL_SIZE_MM.max, `sizeMm must be at most ${SEAL_SIZE_MM.max} mm`)
    .default(DEFAULT_SEAL_LAYOUT.sizeMm),
  colour: z
    .string({ error: 'colour must be a string like #1d2a8a' })
    .regex(/^#[0-9a-fA-F]{6}$/, 'colour must be a hex colour like #1d2a8a (# and six hex digits)')
    .transform((c) => c.toLowerCase())
    .default(DEFAULT_SEAL_LAYOUT.colour),
  outerText: z
    .enum(['name', 'name_and_area'], { error: "outerText must be 'name' or 'name_and_area'" })
    .default(DEFAULT_SEAL_LAYOUT.outerText),
  showExpiry: z
    .boolean({ error: 'showExpiry must be true or false' })
    .default(DEFAULT_SEAL_LAYOUT.showExpiry),
});

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const detailText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .transform(cleanText)
    .pipe(
      z.string().min(1, `${label} must not be empty`).max(max, `${label} must be at most ${max} characters`),
    );

const sealDetailsSchema = z.object({
  name: detailText('name', 120),
  areaOfPractice: detailText('areaOfPractice', 80),
  registrationNumber: detailText('registrationNumber', 40),
  appointingGovernment: detailText('appointingGovernment', 80),
  commissionExpiresOn: z.string().refine(isIsoDate, 'commissionExpiresOn must be a real date as YYYY-MM-DD'),
});

function invalid(what: string, error: z.ZodError): AppError {
  const details = error.issues.map((issue) => ({
    path: issue.path.join('.') || '(root)',
    message: issue.message,
  }));
  return new AppError({
    statusCode: 400,
    code: ERROR_CODES.requestInvalid,
    message: `Invalid ${what}: ${details.map((d) => `${d.path} — ${d.message}`).join('; ')}`,
    details,
  });
}

/** Reads a seal layout (e.g. stored notary settings); missing keys take the defaults, unknown keys are refused. */
export function parseSealLayout(input: unknown): SealLayout {
  const parsed = sealLayoutSchema.safeParse(input ?? {});
  if (!parsed.success) throw invalid('seal layout', parsed.error);
  return parsed.data;
}

function parseDetails(details: SealDetails): SealDetails {
  const parsed = sealDetailsSchema.safeParse(details);
  if (!parsed.success) throw invalid('seal details', parsed.error);
  return parsed.data;
}

function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** YYYY-MM-DD → DD/MM/YYYY. */
export function formatSealDate(iso: string): string {
  const m = ISO_DATE.exec(iso);
  if (!m) throw new Error(`Not a YYYY-MM-DD date: ${iso}`);
  return `${m[3]}/${m[2]}/${m[1]}`;
}

/** Drops characters XML 1.0 cannot carry (controls, lone surrogates) and collapses whitespace. */
function cleanText(value: string): string {
  return value
    .normalize('NFC')
    .replace(/\p{Cc}|\p{Cs}|[\ufffe\uffff]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

// ---------------------------------------------------------------------------------------------------------------
// Font metrics: advance widths in 1/1000 em for U+0020..U+007E, read from Debian's fonts-noto-core
// NotoSans-Bold.ttf and NotoSans-Regular.ttf (SIL Open Font License 1.1; only these numbers are used, no font data).

const NOTO_SANS_BOLD = [
  260, 286, 472, 646, 572, 901, 750, 266, 339, 339, 545, 572, 285, 322, 285, 413, 572, 572, 572, 572, 572,
  572, 572, 572, 572, 572, 285, 285, 572, 572, 572, 477, 897, 690, 672, 637, 740, 560, 549, 724, 765, 389,
  331, 664, 565, 943, 813, 796, 628, 796, 660, 551, 579, 756, 650, 967, 667, 624, 579, 331, 413, 331, 572,
  411, 362, 604, 633, 514, 633, 591, 387, 633, 657, 305, 305, 620, 305, 982, 657, 619, 633, 633, 454, 497,
  434, 657, 569, 856, 578, 569, 488, 394, 551, 394, 572,
];
const NOTO_SANS_REGULAR = [
  260, 269, 408, 646, 572, 831, 732, 225, 300, 300, 551, 572, 268, 322, 268, 372, 572, 572, 572, 572, 572,
  572, 572, 572, 572, 572, 268, 268, 572, 572, 572, 434, 899, 639, 650, 632, 730, 556, 519, 728, 741, 339,
  273, 619, 524, 907, 760, 781, 605, 781, 622, 549, 556, 731, 600, 930, 586, 566, 572, 329, 372, 329, 572,
  444, 281, 561, 615, 480, 615, 564, 344, 615, 618, 258, 258, 534, 258, 935, 618, 605, 615, 615, 413, 479,
  361, 618, 508, 786, 529, 510, 470, 380, 551, 380, 572,
];
/** Cap height and descent of Noto Sans, in em. */
const CAP_HEIGHT = 0.714;
const DESCENT = 0.24;
/** Width used for a character outside the table (another script): wide enough never to overflow. */
const UNKNOWN_WIDTH = 0.8;

type Weight = 'bold' | 'regular';
/** The families the seal names; the layout is computed for Noto Sans (Debian fonts-noto-core). */
export const SEAL_FONT_FAMILY = "'Noto Sans', 'DejaVu Sans', sans-serif";
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

function splitGraphemes(text: string): string[] {
  return Array.from(graphemes.segment(text), (s) => s.segment);
}

/** Advance of one grapheme in em (accented Latin letters take their base letter's width). */
function graphemeWidth(grapheme: string, weight: Weight): number {
  const table = weight === 'bold' ? NOTO_SANS_BOLD : NOTO_SANS_REGULAR;
  const base = grapheme.normalize('NFD').codePointAt(0) ?? 0x20;
  const width = base >= 0x20 && base <= 0x7e ? table[base - 0x20] : undefined;
  return width === undefined ? UNKNOWN_WIDTH : width / 1000;
}

function textWidth(text: string, weight: Weight): number {
  return splitGraphemes(text).reduce((sum, g) => sum + graphemeWidth(g, weight), 0);
}

// ---------------------------------------------------------------------------------------------------------------
// Geometry, in viewBox units: the seal is 1000 × 1000 whatever its physical size (1 unit = sizeMm / 1000).

const C = 500;
const OUTER_RING = { r: 486, width: 18 };
const RIM_RING = { r: 462, width: 5 };
const INNER_RING = { r: 338, width: 5 };
const INNER_RING_2 = { r: 324, width: 2.5 };
/** The band the arc texts sit in, between the rim and the inner ring. */
const BAND = { inner: INNER_RING.r + INNER_RING.width / 2, outer: RIM_RING.r - RIM_RING.width / 2 };
const BAND_MID = (BAND.inner + BAND.outer) / 2;
const ARC_MAX_FONT = 68;
/** Below this arc font size (≈ 2.4 mm on a 5 cm seal) the area of practice leaves the arc for the centre. */
const ARC_MIN_READABLE_FONT = 48;
const ARC_TRACKING = 0.1; // em between letters
const ARC_SIZE_RATIO = 1.2;
/** Half the angle each arc text may use, either side of 12 or 6 o'clock; the stars at 3 and 9 o'clock sit outside. */
const ARC_HALF_SPAN = (72 * Math.PI) / 180;
const SEPARATOR_WIDTH = 1.1; // em, the star between the name and the area
/** Radius of the clear centre field inside the inner rings. Exported so tests can crop inside it. */
export const SEAL_FIELD_RADIUS = INNER_RING_2.r - 16;
const FIELD_R = SEAL_FIELD_RADIUS;

/** Baselines of the centre lines (with the expiry shown). Exported so tests can find the registration line in a rendering. */
export const SEAL_CENTRE_LINES = {
  area: 374,
  ruleTop: 406,
  notary: 522,
  ruleBottom: 556,
  registration: 626,
  expiry: 692,
} as const;

const num = (n: number) => (Math.round(n * 100) / 100).toString();

/** A five-pointed star centred on (x, y), one point up (before any rotation). */
function star(x: number, y: number, outer: number, rotateDeg = 0): string {
  const inner = outer * 0.4;
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (i * Math.PI) / 5;
    points.push(`${num(x + r * Math.sin(a))},${num(y - r * Math.cos(a))}`);
  }
  const transform = rotateDeg ? ` transform="rotate(${num(rotateDeg)} ${C} ${C})"` : '';
  return `<polygon points="${points.join(' ')}"${transform}/>`;
}

type ArcItem = { kind: 'glyph'; text: string; width: number } | { kind: 'star'; width: number };

function arcItems(parts: string[]): ArcItem[] {
  const items: ArcItem[] = [];
  parts.forEach((part, index) => {
    if (index > 0) items.push({ kind: 'star', width: SEPARATOR_WIDTH });
    for (const g of splitGraphemes(part.toUpperCase())) {
      items.push({ kind: 'glyph', text: g, width: graphemeWidth(g, 'bold') });
    }
  });
  return items;
}

/** Font size that fits the items on the arc at the band's middle radius, capped at ARC_MAX_FONT. */
function arcFontSize(items: ArcItem[]): number {
  const ems = items.reduce((sum, item) => sum + item.width, 0) + ARC_TRACKING * Math.max(0, items.length - 1);
  const arcLength = 2 * ARC_HALF_SPAN * BAND_MID;
  return Math.min(ARC_MAX_FONT, arcLength / ems);
}

/**
 * Lays items along the top (reading clockwise, letters standing outward) or the bottom (reading anticlockwise,
 * letters standing inward) of the band, centred on 12 or 6 o'clock. Each glyph is a `<text>` rotated about the centre.
 */
function arcText(items: ArcItem[], fontSize: number, where: 'top' | 'bottom', label: string): string {
  const capHeight = CAP_HEIGHT * fontSize;
  const tracking = ARC_TRACKING * fontSize;
  const total = items.reduce((sum, item) => sum + item.width * fontSize, 0) + tracking * (items.length - 1);
  // Spacing is measured at the band's middle, where the middle of every capital sits.
  let s = -total / 2;
  const out: string[] = [];
  for (const item of items) {
    const w = item.width * fontSize;
    const angle = ((s + w / 2) / BAND_MID) * (180 / Math.PI);
    s += w + tracking;
    const rotation = where === 'top' ? angle : -angle;
    if (item.kind === 'star') {
      const y = where === 'top' ? C - BAND_MID : C + BAND_MID;
      out.push(star(C, y, capHeight * 0.5, rotation));
      continue;
    }
    const baseline = where === 'top' ? C - (BAND_MID - capHeight / 2) : C + (BAND_MID + capHeight / 2);
    out.push(
      `<text x="${C}" y="${num(baseline)}" transform="rotate(${num(rotation)} ${C} ${C})">${escapeXml(item.text)}</text>`,
    );
  }
  return `<g class="arc-${where}" aria-label="${escapeXml(label)}" font-size="${num(fontSize)}" font-weight="bold" text-anchor="middle">${out.join('')}</g>`;
}

/** Half the chord of the centre field at a height `dy` from the centre. */
function halfChord(dy: number): number {
  return Math.sqrt(Math.max(0, FIELD_R * FIELD_R - dy * dy));
}

/** A straight centred line whose font size shrinks so the line fits inside the centre field. */
function centreLine(
  text: string,
  baseline: number,
  maxFont: number,
  weight: Weight,
  options: { tracking?: number; className: string },
): string {
  const tracking = options.tracking ?? 0;
  // The line's farthest point from the centre: its cap top above the centre, its descent below.
  const top = baseline - CAP_HEIGHT * maxFont;
  const bottom = baseline + DESCENT * maxFont;
  const dy = Math.max(Math.abs(top - C), Math.abs(bottom - C));
  const available = 2 * halfChord(dy) * 0.92;
  const graphemeCount = splitGraphemes(text).length;
  const ems = textWidth(text, weight) + tracking * Math.max(0, graphemeCount - 1);
  const fontSize = Math.min(maxFont, available / ems);
  // letter-spacing also follows the last letter; shift by half of it so the line stays centred.
  const x = C + (tracking * fontSize) / 2;
  const spacing = tracking ? ` letter-spacing="${num(tracking * fontSize)}"` : '';
  return `<text class="${options.className}" x="${num(x)}" y="${num(baseline)}" font-size="${num(fontSize)}" font-weight="${weight === 'bold' ? 'bold' : 'normal'}"${spacing}>${escapeXml(text)}</text>`;
}

function rule(y: number, colour: string): string {
  const half = halfChord(y - C) * 0.78;
  return `<line x1="${num(C - half)}" y1="${y}" x2="${num(C + half)}" y2="${y}" stroke-width="5" stroke="${colour}"/>`;
}

function circle(ring: { r: number; width: number }): string {
  return `<circle cx="${C}" cy="${C}" r="${ring.r}" fill="none" stroke-width="${ring.width}"/>`;
}

function buildSvg(details: SealDetails, layout: SealLayout, size: { width: string; height: string }): string {
  const d = parseDetails(details);
  const expiry = formatSealDate(d.commissionExpiresOn);

  let topItems = arcItems(layout.outerText === 'name_and_area' ? [d.name, d.areaOfPractice] : [d.name]);
  let areaInCentre = layout.outerText === 'name';
  if (!areaInCentre && arcFontSize(topItems) < ARC_MIN_READABLE_FONT) {
    // Name and area together would be too small to read: keep the name on the arc, the area goes in the centre.
    topItems = arcItems([d.name]);
    areaInCentre = true;
  }
  const bottomItems = arcItems([d.appointingGovernment]);
  // The ring should read as one inscription: neither arc's letters may be more than a fifth larger than the other's.
  const topFit = arcFontSize(topItems);
  const bottomFit = arcFontSize(bottomItems);
  const topFont = Math.min(topFit, bottomFit * ARC_SIZE_RATIO);
  const bottomFont = Math.min(bottomFit, topFit * ARC_SIZE_RATIO);
  const topLabel = areaInCentre ? d.name : `${d.name} · ${d.areaOfPractice}`;

  const title = `Official seal of notary ${d.name}, ${d.areaOfPractice}; Reg. No. ${d.registrationNumber}; appointed by ${d.appointingGovernment}${layout.showExpiry ? `; valid till ${expiry}` : ''}`;
  // Without the expiry line the centre block moves down a little so it stays balanced in the field.
  const shift = layout.showExpiry ? 0 : 32;
  const L = Object.fromEntries(
    Object.entries(SEAL_CENTRE_LINES).map(([key, y]) => [key, y + shift]),
  ) as Record<keyof typeof SEAL_CENTRE_LINES, number>;

  const body = [
    circle(OUTER_RING),
    circle(RIM_RING),
    circle(INNER_RING),
    circle(INNER_RING_2),
    `<g stroke="none">`,
    // Stars at 9 and 3 o'clock divide the top inscription from the bottom one.
    star(C - BAND_MID, C, 22, 0),
    star(C + BAND_MID, C, 22, 0),
    arcText(topItems, topFont, 'top', topLabel.toUpperCase()),
    arcText(bottomItems, bottomFont, 'bottom', d.appointingGovernment.toUpperCase()),
    '<g text-anchor="middle">',
    areaInCentre
      ? centreLine(d.areaOfPractice.toUpperCase(), L.area, 46, 'bold', { className: 'area', tracking: 0.06 })
      : star(C, L.area - 20, 24),
    rule(L.ruleTop, layout.colour),
    centreLine('NOTARY', L.notary, 122, 'bold', { className: 'notary', tracking: 0.12 }),
    rule(L.ruleBottom, layout.colour),
    centreLine(`Reg. No. ${d.registrationNumber}`, L.registration, 50, 'bold', { className: 'registration' }),
    layout.showExpiry
      ? centreLine(`Valid till ${expiry}`, L.expiry, 40, 'bold', { className: 'expiry' })
      : '',
    '</g>',
    '</g>',
  ].join('');

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${size.width}" height="${size.height}" viewBox="0 0 1000 1000" role="img">`,
    `<title>${escapeXml(title)}</title>`,
    `<g fill="${layout.colour}" stroke="${layout.colour}" font-family="${SEAL_FONT_FAMILY}">`,
    body,
    '</g>',
    '</svg>',
  ].join('\n');
}

/** The seal as a standalone SVG document, sized in millimetres. */
export function renderSealSvg(details: SealDetails, layout?: Partial<SealLayout>): string {
  const l = parseSealLayout(layout);
  return buildSvg(details, l, { width: `${l.sizeMm}mm`, height: `${l.sizeMm}mm` });
}

/** The seal as a transparent PNG of its physical size at `dpi` (default 300: 50 mm → 591 px square). */
export async function renderSealPng(
  details: SealDetails,
  options: { layout?: Partial<SealLayout>; dpi?: number } = {},
): Promise<{ png: Buffer; widthPx: number; heightPx: number }> {
  const layout = parseSealLayout(options.layout);
  const dpi = options.dpi ?? SEAL_DPI.default;
  if (!Number.isFinite(dpi) || dpi < SEAL_DPI.min || dpi > SEAL_DPI.max) {
    throw new AppError({
      statusCode: 400,
      code: ERROR_CODES.requestInvalid,
      message: `Invalid seal resolution: dpi must be between ${SEAL_DPI.min} and ${SEAL_DPI.max}`,
    });
  }
  const px = Math.round((layout.sizeMm / 25.4) * dpi);
  // Pixel dimensions on the root element give exactly px × px whatever density librsvg assumes.
  const svg = buildSvg(details, layout, { width: `${px}`, height: `${px}` });
  const sharp = await loadSharp();
  const png = await sharp(Buffer.from(svg), { density: 72 })
    .ensureAlpha()
    .withDensity(dpi)
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { png, widthPx: px, heightPx: px };
}
