import { SIGNATURE_IMAGE_MAX_BYTES } from '@mohar/contracts';

/**
 * Signature images, on the way to POST /access/:token/signature. The pure helpers at the top run anywhere (and are
 * unit-tested in Node); the canvas helpers below them need a browser.
 */

/** Pixels as a canvas gives them (`ImageData`), or any look-alike: RGBA, row by row, not premultiplied. */
export type PixelsLike = { width: number; height: number; data: Uint8ClampedArray };
export type Box = { x: number; y: number; width: number; height: number };
export type Size = { width: number; height: number };

/** Dark enough to count as ink under the server's check in every colour scheme (the pad is always white paper). */
export const SIGNATURE_INK = '#1b2559';
/** What the server refuses: a pad with fewer drawn pixels than this is empty (apps/server signature-image.ts). */
export const MIN_INK_PIXELS = 30;
/** The server's limit on the image's pixels; larger uploads are scaled down to fit before they are sent. */
export const SERVER_MAX_SIZE: Size = { width: 2000, height: 1000 };
/** Drawn and typed signatures are sent at most this size: plenty for a stamp on an A4 page. */
export const OUTPUT_MAX_SIZE: Size = { width: 1200, height: 400 };
export const SIGNATURE_FILE_TYPES = ['image/png', 'image/jpeg'] as const;
/** Larger files are not even opened (a phone photo is 3–12 MB; this leaves room without risking memory). */
export const UPLOAD_MAX_INPUT_BYTES = 25 * 1024 * 1024;

/**
 * The smallest box holding every pixel more opaque than `alphaThreshold` (0: any pixel not fully transparent), or
 * null when there is none.
 */
export function inkBounds(pixels: PixelsLike, options: { alphaThreshold?: number } = {}): Box | null {
  const threshold = options.alphaThreshold ?? 0;
  const { width, height, data } = pixels;
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y += 1) {
    const row = y * width * 4;
    for (let x = 0; x < width; x += 1) {
      if ((data[row + x * 4 + 3] ?? 0) > threshold) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  return maxX < 0 ? null : { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** Pixels the server counts as ink: visibly opaque (alpha above 32) and dark (R + G + B under 600). */
export function countInk(pixels: PixelsLike, options: { stopAt?: number } = {}): number {
  const { data } = pixels;
  const stopAt = options.stopAt ?? Number.POSITIVE_INFINITY;
  let inked = 0;
  for (let i = 0; i + 3 < data.length; i += 4) {
    const alpha = data[i + 3] ?? 0;
    if (alpha > 32 && (data[i] ?? 255) + (data[i + 1] ?? 255) + (data[i + 2] ?? 255) < 600) {
      inked += 1;
      if (inked >= stopAt) break;
    }
  }
  return inked;
}

/** Whether the server will accept these pixels as a signature rather than an empty pad. */
export function hasEnoughInk(pixels: PixelsLike): boolean {
  return countInk(pixels, { stopAt: MIN_INK_PIXELS }) >= MIN_INK_PIXELS;
}

/** The box grown by `padding` on every side, kept inside the image. */
export function padBox(options: { box: Box; padding: number; within: Size }): Box {
  const { box, padding, within } = options;
  const x = Math.max(0, box.x - padding);
  const y = Math.max(0, box.y - padding);
  const right = Math.min(within.width, box.x + box.width + padding);
  const bottom = Math.min(within.height, box.y + box.height + padding);
  return { x, y, width: right - x, height: bottom - y };
}

/** The size that fits `size` inside `max` keeping its proportions; never enlarged, never below 1 × 1. */
export function fitWithin(size: Size, max: Size): Size & { scale: number } {
  if (size.width <= 0 || size.height <= 0) return { width: 1, height: 1, scale: 1 };
  const scale = Math.min(1, max.width / size.width, max.height / size.height);
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
    scale,
  };
}

export type SignatureFileProblem = 'wrong_type' | 'too_large';

/** What is wrong with a chosen file before it is opened: not PNG or JPEG, or far too big to open. */
export function signatureFileProblem(file: { type: string; size: number }): SignatureFileProblem | null {
  if (!(SIGNATURE_FILE_TYPES as readonly string[]).includes(file.type)) return 'wrong_type';
  if (file.size > UPLOAD_MAX_INPUT_BYTES) return 'too_large';
  return null;
}

/** The name the multipart part carries (the server reads the bytes, not the name; this keeps logs readable). */
export function signatureFileName(type: string): string {
  return type === 'image/jpeg' ? 'signature.jpg' : 'signature.png';
}

// ---- Browser only: canvas work ----

function canvasOf(size: Size): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  return canvas;
}

function contextOf(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('Canvas 2D is not available');
  return context;
}

export function canvasBlob(
  canvas: HTMLCanvasElement,
  type = 'image/png',
  quality?: number,
): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

export function pixelsOf(canvas: HTMLCanvasElement): ImageData {
  return contextOf(canvas).getImageData(0, 0, canvas.width, canvas.height);
}

/**
 * A drawn or typed signature as the PNG that is sent: cut to the ink (plus `padding` pixels of transparent margin),
 * scaled down to fit `max`. Null when there is not enough ink to sign with.
 */
export async function trimmedSignature(
  source: HTMLCanvasElement,
  options: { padding: number; max?: Size },
): Promise<Blob | null> {
  const pixels = pixelsOf(source);
  const bounds = inkBounds(pixels);
  if (!bounds || !hasEnoughInk(pixels)) return null;
  const crop = padBox({ box: bounds, padding: options.padding, within: pixels });
  const size = fitWithin(crop, options.max ?? OUTPUT_MAX_SIZE);
  const out = canvasOf(size);
  const context = contextOf(out);
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, crop.x, crop.y, crop.width, crop.height, 0, 0, size.width, size.height);
  return canvasBlob(out);
}

export type PreparedUpload =
  | { ok: true; blob: Blob; url: string }
  | { ok: false; problem: SignatureFileProblem | 'unreadable' | 'no_ink' };

/**
 * An uploaded picture, ready to send: PNG or JPEG, within the server's pixel and byte limits (a phone photo is
 * scaled down rather than refused), with enough dark ink to count as a signature. The caller revokes `url`.
 */
export async function prepareUpload(file: File): Promise<PreparedUpload> {
  const problem = signatureFileProblem(file);
  if (problem) return { ok: false, problem };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  try {
    const size = fitWithin(bitmap, SERVER_MAX_SIZE);
    const canvas = canvasOf(size);
    const context = contextOf(canvas);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    if (!hasEnoughInk(pixelsOf(canvas))) return { ok: false, problem: 'no_ink' };

    let blob: Blob | null = size.scale === 1 && file.size <= SIGNATURE_IMAGE_MAX_BYTES ? file : null;
    if (!blob && file.type === 'image/png') {
      const png = await canvasBlob(canvas, 'image/png');
      if (png && png.size <= SIGNATURE_IMAGE_MAX_BYTES) blob = png;
    }
    if (!blob) {
      // JPEG has no transparency: flatten onto white paper first, or transparent pixels turn black.
      const flat = canvasOf(size);
      const flatContext = contextOf(flat);
      flatContext.fillStyle = '#ffffff';
      flatContext.fillRect(0, 0, size.width, size.height);
      flatContext.drawImage(canvas, 0, 0);
      const jpeg = await canvasBlob(flat, 'image/jpeg', 0.88);
      if (jpeg && jpeg.size <= SIGNATURE_IMAGE_MAX_BYTES) blob = jpeg;
    }
    if (!blob) return { ok: false, problem: 'too_large' };
    return { ok: true, blob, url: URL.createObjectURL(blob) };
  } finally {
    bitmap.close();
  }
}

/** The handwriting face for typed signatures (Kalam: Latin and Devanagari, self-hosted via @fontsource/kalam). */
export const TYPED_SIGNATURE_FONT = "'Kalam', 'Noto Sans Devanagari', cursive";
const TYPED_FONT_PX = 96;

/** Loads the handwriting face for these characters (Latin and Devanagari come as separate files). */
export async function loadSignatureFont(text: string): Promise<void> {
  const value = text.trim();
  if (value === '') return;
  try {
    await document.fonts.load(typedFont(TYPED_FONT_PX), value);
  } catch {
    // The fallback face still makes a valid signature image.
  }
}

const typedFont = (px: number) => `400 ${px}px ${TYPED_SIGNATURE_FONT}`;

/**
 * Writes `text` in the handwriting face onto `canvas` (resized to fit, transparent background); call
 * loadSignatureFont first, or the first drawing may use a fallback face. False when the text is blank.
 */
export function drawTypedSignature(canvas: HTMLCanvasElement, text: string): boolean {
  const value = text.trim();
  const context = contextOf(canvas);
  if (value === '') {
    canvas.width = OUTPUT_MAX_SIZE.width / 2;
    canvas.height = OUTPUT_MAX_SIZE.height / 4;
    context.clearRect(0, 0, canvas.width, canvas.height);
    return false;
  }
  context.font = typedFont(TYPED_FONT_PX);
  const measured = context.measureText(value);
  const padding = TYPED_FONT_PX / 4;
  const ascent = Math.ceil(measured.actualBoundingBoxAscent || TYPED_FONT_PX * 0.9);
  const descent = Math.ceil(measured.actualBoundingBoxDescent || TYPED_FONT_PX * 0.3);
  const left = Math.ceil(measured.actualBoundingBoxLeft || 0);
  const textWidth = Math.ceil(left + (measured.actualBoundingBoxRight || measured.width));
  const natural = { width: textWidth + padding * 2, height: ascent + descent + padding * 2 };
  const { width, height, scale } = fitWithin(natural, OUTPUT_MAX_SIZE);
  // Resizing resets the context (font, transform), so everything is set again after.
  canvas.width = width;
  canvas.height = height;
  context.clearRect(0, 0, width, height);
  context.setTransform(scale, 0, 0, scale, 0, 0);
  context.font = typedFont(TYPED_FONT_PX);
  context.fillStyle = SIGNATURE_INK;
  context.textBaseline = 'alphabetic';
  context.fillText(value, padding + left, padding + ascent);
  context.setTransform(1, 0, 0, 1, 0, 0);
  return true;
}
