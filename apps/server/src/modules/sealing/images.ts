import { createHash } from 'node:crypto';
import type { PDFDocument, PDFImage } from '@cantoo/pdf-lib';
import { SEALING_RENDER_ERROR_CODES, SealingRenderError } from './render-errors.ts';

export type Box = { x: number; y: number; width: number; height: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const embedded = new WeakMap<PDFDocument, Map<string, Promise<PDFImage>>>();

/**
 * Embeds PNG or JPEG bytes (told apart by their signature, not by a name or content type). The same bytes embedded
 * twice in one document are stored once (a signature stamped in several calls).
 */
export function embedImageBytes(
  pdfDoc: PDFDocument,
  options: { bytes: Uint8Array; what: string },
): Promise<PDFImage> {
  const key = createHash('sha256').update(options.bytes).digest('hex');
  let images = embedded.get(pdfDoc);
  if (!images) {
    images = new Map();
    embedded.set(pdfDoc, images);
  }
  let image = images.get(key);
  if (!image) {
    image = embedNew(pdfDoc, options);
    images.set(key, image);
    const cache = images;
    image.catch(() => cache.delete(key));
  }
  return image;
}

async function embedNew(
  pdfDoc: PDFDocument,
  options: { bytes: Uint8Array; what: string },
): Promise<PDFImage> {
  const { bytes, what } = options;
  const isPng = PNG_SIGNATURE.every((byte, i) => bytes[i] === byte);
  const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!isPng && !isJpeg) {
    throw new SealingRenderError({
      code: SEALING_RENDER_ERROR_CODES.imageInvalid,
      message: `The ${what} is not a PNG or JPEG image.`,
    });
  }
  try {
    const image = isPng ? await pdfDoc.embedPng(bytes) : await pdfDoc.embedJpg(bytes);
    // Written into the file now rather than at save, so page-content.ts can measure a page it was drawn on.
    await image.embed();
    return image;
  } catch (error) {
    throw new SealingRenderError({
      code: SEALING_RENDER_ERROR_CODES.imageInvalid,
      message: `The ${what} could not be read as ${isPng ? 'PNG' : 'JPEG'}: ${(error as Error).message}`,
    });
  }
}

/** The largest box with the image's aspect ratio inside `box`, centred in it. */
export function fitInBox(image: { width: number; height: number }, box: Box): Box {
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}
