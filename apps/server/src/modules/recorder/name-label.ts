import { fileURLToPath } from 'node:url';
import { loadSharp } from '../../platform/lazy-libraries.ts';

/**
 * A person's name under their cell of the composed view, as a PNG (decision 0089). ffmpeg 5.1's drawtext has no text
 * shaper, so a Devanagari name came out with its conjuncts and vowel signs broken; the recording is evidence and must
 * name people as they are written. sharp's text input lays text out with Pango and HarfBuzz, which shape Devanagari
 * (and any other script) properly; ffmpeg then only overlays the finished picture.
 */
export const LABEL = {
  /** The name's sizes in pixels, tried in turn; a name too long at the last is cut with an ellipsis. */
  fontPx: [14, 12, 11],
  padX: 6,
  padY: 4,
  /** Every label is at least this tall, so names without tall or deep marks do not get a thinner box. */
  minHeight: 22,
} as const;

// Noto Sans for Latin (as the clock), Noto Sans Devanagari from the repository's own fonts (assets/fonts, as the
// seal's and the PDFs'): registered with fontconfig by sharp, so it is there even where the system lacks it.
const DEVANAGARI_FONT = fileURLToPath(
  new URL('../../../assets/fonts/NotoSansDevanagari-Regular.ttf', import.meta.url),
);
const FAMILIES = 'Noto Sans, Noto Sans Devanagari';

/** sharp's text is Pango markup: what a person typed must never become markup. */
const escapeMarkup = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** One line: control characters and line breaks a person may have typed become spaces. */
const oneLine = (text: string) =>
  text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const graphemes = (text: string) =>
  [...new Intl.Segmenter('hi', { granularity: 'grapheme' }).segment(text)].map((part) => part.segment);

/** The text's ink, white on transparent, at a size; its width and height are the ink's. */
async function drawText(text: string, fontPx: number) {
  const sharp = await loadSharp();
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="#ffffff">${escapeMarkup(text)}</span>`,
      font: `${FAMILIES} ${fontPx}`,
      fontfile: DEVANAGARI_FONT,
      // 72 dpi: the size in points is the size in pixels.
      dpi: 72,
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

/**
 * The label for a name: white text on a translucent dark box, at most `maxWidth` wide. A long name is drawn smaller
 * first, down to the last of `LABEL.fontPx`, and only then cut at a letter (a grapheme, so no vowel sign is split
 * from its consonant) with an ellipsis.
 */
export async function renderNameLabel(name: string, maxWidth: number) {
  const text = oneLine(name) || '?';
  const room = maxWidth - 2 * LABEL.padX;
  let drawn = await drawText(text, LABEL.fontPx[0]);
  for (const px of LABEL.fontPx.slice(1)) if (drawn.width > room) drawn = await drawText(text, px);
  if (drawn.width > room) {
    // The longest start of the name that fits with "…" (a binary search: a few renders, whatever the length).
    const smallest = Math.min(...LABEL.fontPx);
    const parts = graphemes(text);
    let low = 1;
    let high = parts.length - 1;
    drawn = await drawText('…', smallest);
    while (low <= high) {
      const middle = Math.floor((low + high) / 2);
      const attempt = await drawText(`${parts.slice(0, middle).join('').trimEnd()}…`, smallest);
      if (attempt.width <= room) {
        drawn = attempt;
        low = middle + 1;
      } else high = middle - 1;
    }
  }
  const width = Math.min(maxWidth, drawn.width + 2 * LABEL.padX);
  const height = Math.max(LABEL.minHeight, drawn.height + 2 * LABEL.padY);
  const sharp = await loadSharp();
  const png = await sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.6 } },
  })
    .composite([
      {
        input: drawn.png,
        left: Math.max(0, Math.floor((width - drawn.width) / 2)),
        top: Math.max(0, Math.floor((height - drawn.height) / 2)),
      },
    ])
    .png()
    .toBuffer();
  return { png, width, height };
}
