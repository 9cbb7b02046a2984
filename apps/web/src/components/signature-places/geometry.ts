/**
 * Signature boxes live in PDF points (origin at the bottom left of the page, y upwards, as the server stamps them);
 * the preview draws them in CSS pixels (origin at the top left of the drawn page, y downwards). These functions turn
 * one into the other and keep every box inside its page's visible area (crop box).
 */

/** A rectangle in PDF points: `x`, `y` are its bottom-left corner. */
export type PdfBox = { x: number; y: number; width: number; height: number };
/** A rectangle in CSS pixels relative to the drawn page's top-left corner. */
export type CssBox = { left: number; top: number; width: number; height: number };
/** A page's crop box in PDF points (its visible area). */
export type CropBox = PdfBox;
export type Size = { width: number; height: number };

/** Smallest box the editor lets anyone make: a signature smaller than this is not legible. */
export const MIN_BOX_SIZE: Size = { width: 40, height: 16 };
/** Largest box the server accepts (contracts `signaturePlacement`). */
export const MAX_BOX_SIZE: Size = { width: 2000, height: 1000 };
/** A box added by a click or tap. */
export const NEW_BOX_SIZE: Size = { width: 150, height: 50 };
/**
 * Boxes are sent rounded to hundredths of a point and kept this far inside the page, so rounding can never push
 * an edge past the crop box the server checks against.
 */
export const SAVE_INSET = 0.01;

const clampNumber = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** Whether a page turned by its /Rotate (any multiple of 90, even negative) stands upright: only those take boxes. */
export const isUpright = (rotation: number) => ((rotation % 360) + 360) % 360 === 0;

/** A PDF box drawn on a page shown at `scale` CSS pixels per point. */
export function pdfToCss(options: { box: PdfBox; crop: CropBox; scale: number }): CssBox {
  const { box, crop, scale } = options;
  return {
    left: (box.x - crop.x) * scale,
    top: (crop.y + crop.height - (box.y + box.height)) * scale,
    width: box.width * scale,
    height: box.height * scale,
  };
}

/** A CSS box on a page shown at `scale` CSS pixels per point, in PDF points. */
export function cssToPdf(options: { box: CssBox; crop: CropBox; scale: number }): PdfBox {
  const { box, crop, scale } = options;
  const width = box.width / scale;
  const height = box.height / scale;
  return {
    x: crop.x + box.left / scale,
    y: crop.y + crop.height - box.top / scale - height,
    width,
    height,
  };
}

/** A point on the drawn page (CSS pixels from its top left) in PDF points. */
export function cssPointToPdf(options: { left: number; top: number; crop: CropBox; scale: number }) {
  const { crop, scale } = options;
  return { x: crop.x + options.left / scale, y: crop.y + crop.height - options.top / scale };
}

/**
 * The box made to fit its page: its size between `minSize` and the page (and the server's maximum), then moved
 * inside the page, keeping its size.
 */
export function clampBox(options: { box: PdfBox; crop: CropBox; minSize?: Size }): PdfBox {
  const { box, crop } = options;
  const minSize = options.minSize ?? MIN_BOX_SIZE;
  const width = clampNumber(
    box.width,
    Math.min(minSize.width, crop.width),
    Math.min(MAX_BOX_SIZE.width, crop.width),
  );
  const height = clampNumber(
    box.height,
    Math.min(minSize.height, crop.height),
    Math.min(MAX_BOX_SIZE.height, crop.height),
  );
  return {
    x: clampNumber(box.x, crop.x, crop.x + crop.width - width),
    y: clampNumber(box.y, crop.y, crop.y + crop.height - height),
    width,
    height,
  };
}

/** The box moved by `dx`, `dy` points (PDF directions: `dy` > 0 is up), stopping at the page's edges. */
export function moveBox(options: { box: PdfBox; crop: CropBox; dx: number; dy: number }): PdfBox {
  const { box, crop } = options;
  return clampBox({ box: { ...box, x: box.x + options.dx, y: box.y + options.dy }, crop });
}

/**
 * The box resized from its bottom-right corner (where the handle is): `dWidth` > 0 widens it to the right,
 * `dHeight` > 0 makes it taller downwards. Its top-left corner stays put; it stops at the page's right and bottom
 * edges and at the smallest size.
 */
export function resizeBox(options: { box: PdfBox; crop: CropBox; dWidth: number; dHeight: number }): PdfBox {
  const { box, crop } = options;
  const top = box.y + box.height;
  const maxWidth = Math.min(MAX_BOX_SIZE.width, crop.x + crop.width - box.x);
  const maxHeight = Math.min(MAX_BOX_SIZE.height, top - crop.y);
  const width = clampNumber(box.width + options.dWidth, Math.min(MIN_BOX_SIZE.width, maxWidth), maxWidth);
  const height = clampNumber(
    box.height + options.dHeight,
    Math.min(MIN_BOX_SIZE.height, maxHeight),
    maxHeight,
  );
  return clampBox({ box: { x: box.x, y: top - height, width, height }, crop });
}

/** A new box of NEW_BOX_SIZE centred on a point of the page (PDF points), moved inside the page if need be. */
export function boxAround(options: { x: number; y: number; crop: CropBox }): PdfBox {
  const { width, height } = NEW_BOX_SIZE;
  return clampBox({
    box: { x: options.x - width / 2, y: options.y - height / 2, width, height },
    crop: options.crop,
  });
}

const toHundredths = (value: number) => Math.round(value * 100) / 100;
// The nudge keeps a value already in hundredths (0.29 is 28.999… × 0.01 in binary) from dropping one.
const downToHundredths = (value: number) => Math.floor(value * 100 + 1e-6) / 100;

/**
 * The box as it is sent: in hundredths of a point, and strictly inside the page even after rounding (the server
 * refuses a box that pokes out of its page by any amount).
 */
export function boxToSave(options: { box: PdfBox; crop: CropBox }): PdfBox {
  const { crop } = options;
  const inner: CropBox = {
    x: crop.x + SAVE_INSET,
    y: crop.y + SAVE_INSET,
    width: crop.width - 2 * SAVE_INSET,
    height: crop.height - 2 * SAVE_INSET,
  };
  const clamped = clampBox({ box: options.box, crop: inner, minSize: { width: 0, height: 0 } });
  return {
    x: toHundredths(clamped.x),
    y: toHundredths(clamped.y),
    width: downToHundredths(clamped.width),
    height: downToHundredths(clamped.height),
  };
}
