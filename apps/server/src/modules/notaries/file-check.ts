import sharp from 'sharp';

export type CheckedFile = { contentType: 'application/pdf' | 'image/jpeg' | 'image/png'; bytes: Buffer };

const MAX_BYTES = 10 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;

function sniff(bytes: Buffer): CheckedFile['contentType'] | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  return null;
}

/**
 * Accepts a file by what it is, never by its name or declared type: the magic bytes must say PDF, JPEG or PNG, an
 * image must decode, and a PDF must end with an end-of-file marker. Returns the kind actually found.
 */
export async function checkUpload(options: {
  bytes: Buffer;
  allowed: ReadonlyArray<CheckedFile['contentType']>;
  label: string;
}): Promise<CheckedFile | { error: string }> {
  const { bytes, allowed, label } = options;
  const names = allowed
    .map((t) => ({ 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' })[t])
    .join(' or ');
  if (bytes.length === 0) return { error: `The ${label} file is empty.` };
  if (bytes.length > MAX_BYTES) return { error: `The ${label} is larger than 10 MB. Upload a smaller file.` };
  const contentType = sniff(bytes);
  if (!contentType || !allowed.includes(contentType)) {
    return { error: `The ${label} must be a ${names} file. This file is not one.` };
  }
  if (contentType === 'application/pdf') {
    if (!bytes.subarray(-1024).toString('latin1').includes('%%EOF')) {
      return { error: `The ${label} PDF is incomplete or damaged. Export it again and upload the new file.` };
    }
    return { contentType, bytes };
  }
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
  } catch {
    return {
      error: `The ${label} image could not be read. Upload a ${names} file that opens on your device.`,
    };
  }
  return { contentType, bytes };
}
