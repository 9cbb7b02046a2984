// Decides whether uploaded bytes are a JPEG or PNG image we keep, by their content (never a name or a declared type),
// and makes the copy we store: decoded and encoded again, so nothing the sender put around the pixels survives —
// no EXIF or GPS position, no comments, no second file hidden after the image.
import { loadSharp } from './lazy-libraries.ts';

export type ImageType = 'image/jpeg' | 'image/png';

/**
 * Why an image was refused:
 * - `not_image`: the bytes are not a JPEG or PNG (a PDF, an HTML page, a program renamed `.png`);
 * - `appended_data`: bytes after the image's end marker (JPEG EOI, PNG IEND): a second file riding along;
 * - `unreadable`: cut short, damaged, or larger than `MAX_PIXELS` declares.
 */
export type ImageCheckResult =
  | { ok: true; contentType: ImageType; bytes: Buffer; width: number; height: number }
  | { ok: false; reason: 'not_image' | 'appended_data' | 'unreadable'; found: ImageType | 'other' };

/** 40 megapixels: more than any phone camera; a "decompression bomb" declares far more and is refused unread. */
const MAX_PIXELS = 40_000_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** What the first bytes say the file is. */
export function sniffImage(bytes: Buffer): ImageType | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  return null;
}

/**
 * Checks an image and returns its clean copy, in the type it came in: a PNG stays a PNG (a signature or a seal
 * keeps its transparent background), a JPEG stays a JPEG. The camera's orientation is applied to the pixels before
 * the metadata that carried it is dropped, so a portrait photo stays upright.
 */
export async function checkImage(options: {
  bytes: Buffer;
  allowed: readonly ImageType[];
}): Promise<ImageCheckResult> {
  const { bytes } = options;
  const found = sniffImage(bytes);
  if (!found || !options.allowed.includes(found))
    return { ok: false, reason: 'not_image', found: found ?? 'other' };
  const end = found === 'image/png' ? pngEnd(bytes) : jpegEnd(bytes);
  if (end === null) return { ok: false, reason: 'unreadable', found };
  if (end < bytes.length) return { ok: false, reason: 'appended_data', found };
  const reencoded = await reencode(bytes, found);
  if (!reencoded) return { ok: false, reason: 'unreadable', found };
  return { ok: true, contentType: found, bytes: reencoded.data, ...reencoded.size };
}

/** Decoded and encoded again in the same type, upright, without metadata; null if it does not decode. */
async function reencode(bytes: Buffer, type: ImageType) {
  try {
    const sharp = await loadSharp();
    const decoded = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    const encoded =
      type === 'image/png' ? decoded.png({ compressionLevel: 9 }) : decoded.jpeg({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, size: { width: info.width, height: info.height } };
  } catch {
    return null;
  }
}

/** The offset just after the PNG's IEND chunk, walking chunk by chunk; null if the chunks run past the end. */
export function pngEnd(bytes: Buffer): number | null {
  let offset = PNG_SIGNATURE.length;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const next = offset + 12 + length;
    if (next > bytes.length) return null;
    if (bytes.toString('latin1', offset + 4, offset + 8) === 'IEND') return next;
    offset = next;
  }
  return null;
}

/**
 * The offset just after the JPEG's end-of-image marker, walking segment by segment (so a thumbnail's own markers
 * inside EXIF are skipped) and through entropy-coded data, where 0xFF is always followed by 0x00 or a restart marker
 * (ITU T.81 §B.1.1.5); null if the image ends before its EOI.
 */
export function jpegEnd(bytes: Buffer): number | null {
  let offset = 2;
  while (offset < bytes.length) {
    // Some cameras leave stray bytes between segments; decoders skip to the next marker, and so does this walk.
    const nextMarker = bytes.indexOf(0xff, offset);
    if (nextMarker === -1) return null;
    offset = nextMarker;
    while (bytes[offset] === 0xff) offset += 1; // fill bytes before a marker
    const marker = bytes[offset];
    if (marker === undefined) return null;
    offset += 1;
    if (marker === 0xd9) return offset;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // markers without a length
    if (offset + 2 > bytes.length) return null;
    offset += bytes.readUInt16BE(offset);
    if (marker === 0xda) {
      const after = skipEntropyCodedData(bytes, offset);
      if (after === null) return null;
      offset = after;
    }
  }
  return null;
}

/** From the start of a scan's data to the next marker that is not a restart marker. */
function skipEntropyCodedData(bytes: Buffer, start: number): number | null {
  for (let offset = bytes.indexOf(0xff, start); offset !== -1; offset = bytes.indexOf(0xff, offset + 1)) {
    const next = bytes[offset + 1];
    if (next === undefined) return null;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
      offset += 1;
      continue;
    }
    if (next !== 0xff) return offset;
  }
  return null;
}

// PNG chunks that hold only what the pixels need to be drawn right; anything else (tEXt, iTXt, zTXt, eXIf, tIME,
// private chunks) can carry words, a position or a file.
const PNG_PICTURE_CHUNKS = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'bKGD',
  'pHYs',
]);

/**
 * Whether an image carries anything besides its picture: EXIF or other APPn segments and comments in a JPEG (JFIF's
 * APP0 and the ICC profile's APP2 aside), text or EXIF chunks in a PNG, or bytes after its end. Files stored before
 * uploads were re-encoded may; what `checkImage` returns never does.
 */
export function carriesMetadata(bytes: Buffer): boolean {
  const type = sniffImage(bytes);
  if (type === 'image/png') return pngCarriesMetadata(bytes);
  if (type === 'image/jpeg') return jpegCarriesMetadata(bytes);
  return true;
}

function pngCarriesMetadata(bytes: Buffer): boolean {
  if (pngEnd(bytes) !== bytes.length) return true;
  for (let offset = PNG_SIGNATURE.length; offset + 12 <= bytes.length; ) {
    if (!PNG_PICTURE_CHUNKS.has(bytes.toString('latin1', offset + 4, offset + 8))) return true;
    offset += 12 + bytes.readUInt32BE(offset);
  }
  return false;
}

function jpegCarriesMetadata(bytes: Buffer): boolean {
  if (jpegEnd(bytes) !== bytes.length) return true;
  // Segments up to the first scan: that is where writers put metadata (a scan's data holds only pixels).
  for (let offset = 2; offset + 4 <= bytes.length; ) {
    if (bytes[offset] !== 0xff) return true;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xda) return false;
    const isJfif = marker === 0xe0 && bytes.toString('latin1', offset + 4, offset + 9) === 'JFIF\0';
    const isIccProfile =
      marker === 0xe2 && bytes.toString('latin1', offset + 4, offset + 16) === 'ICC_PROFILE\0';
    if (marker === 0xfe || (marker >= 0xe0 && marker <= 0xef && !isJfif && !isIccProfile)) return true;
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return true;
}

/**
 * A stored image as it may be shown to others: as stored when it carries nothing but its picture, else re-encoded
 * now (a file from before uploads were re-encoded), or null if it no longer decodes.
 */
export async function pictureOnly(bytes: Buffer): Promise<Buffer | null> {
  if (!carriesMetadata(bytes)) return bytes;
  const type = sniffImage(bytes);
  if (!type) return null;
  const cleaned = await reencode(bytes, type);
  return cleaned?.data ?? null;
}
