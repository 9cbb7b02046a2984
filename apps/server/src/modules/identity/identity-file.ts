import { createHash } from 'node:crypto';
import { checkDocument } from '../../platform/document-check.ts';
import { loadSharp } from '../../platform/lazy-libraries.ts';

/**
 * An identity image (Aadhaar front or back, a selfie) as it will be stored: images decoded and re-encoded as JPEG —
 * which drops EXIF, GPS and any bytes appended after the image — and PDFs (e-Aadhaar) checked like any document.
 * Judged by content; a name that claims another kind (a PDF or an HTML page renamed `.jpg`) is refused.
 */
export type IdentityFile =
  | { kind: 'image'; contentType: 'image/jpeg'; bytes: Buffer; width: number; height: number; sha256: string }
  | { kind: 'pdf'; contentType: 'application/pdf'; bytes: Buffer; sha256: string };

export type IdentityFileRefusal = {
  reason: 'empty' | 'too_large' | 'wrong_type' | 'unreadable';
  message: string;
};

export const IDENTITY_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: more than any phone camera; a "decompression bomb" declares far more and is refused unread. */
const MAX_PIXELS = 40_000_000;
/** Stored size: legible for a face check and the card's print, small enough to load quickly in the call. */
const MAX_EDGE = 2400;
const MAX_PDF_PAGES = 4;

type Sniffed = 'jpeg' | 'png' | 'pdf';

function sniff(bytes: Buffer): Sniffed | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  return null;
}

/** What the file's name says it is; camera captures may have no extension, and then only the content counts. */
function claimedKind(fileName: string): Sniffed | 'other' | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (!extension) return null;
  return ({ jpg: 'jpeg', jpeg: 'jpeg', png: 'png', pdf: 'pdf' } as const)[extension] ?? 'other';
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function checkIdentityFile(options: {
  bytes: Buffer;
  fileName: string;
  /** What the file is, for messages: "the front of the Aadhaar card". */
  label: string;
  allowPdf: boolean;
}): Promise<IdentityFile | IdentityFileRefusal> {
  const { bytes, label } = options;
  const kinds = options.allowPdf ? 'JPEG, PNG or PDF' : 'JPEG or PNG';
  if (bytes.length === 0) return { reason: 'empty', message: `The file for ${label} is empty.` };
  if (bytes.length > IDENTITY_FILE_MAX_BYTES)
    return {
      reason: 'too_large',
      message: `The file for ${label} is larger than 10 MB. Upload a smaller one.`,
    };
  const found = sniff(bytes);
  const claimed = claimedKind(options.fileName);
  if (!found || (found === 'pdf' && !options.allowPdf) || (claimed !== null && claimed !== found)) {
    return {
      reason: 'wrong_type',
      message: `${capitalise(label)} must be a ${kinds} file. This file is not one.`,
    };
  }
  if (found === 'pdf') {
    const checked = await checkDocument({
      bytes,
      maxBytes: IDENTITY_FILE_MAX_BYTES,
      maxPages: MAX_PDF_PAGES,
    });
    if (!checked.ok) return { reason: 'unreadable', message: checked.message };
    return { kind: 'pdf', contentType: 'application/pdf', bytes, sha256: checked.sha256 };
  }
  try {
    const sharp = await loadSharp();
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 88, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return {
      kind: 'image',
      contentType: 'image/jpeg',
      bytes: data,
      width: info.width,
      height: info.height,
      sha256: sha256(data),
    };
  } catch {
    return {
      reason: 'unreadable',
      message: `The image for ${label} could not be read. Take the photo again or upload a ${kinds} file.`,
    };
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
