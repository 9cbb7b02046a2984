import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkIdentityFile } from './identity-file.ts';

const label = 'the front of the Aadhaar card';
const check = (bytes: Buffer, fileName: string, allowPdf = true) =>
  checkIdentityFile({ bytes, fileName, label, allowPdf });

const photo = (format: 'jpeg' | 'png', width = 640, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: '#c8b89a' } })
    [format]()
    .toBuffer();

async function onePagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  return Buffer.from(await pdf.save());
}

/** CRC-32 as PNG chunks use it. */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A tiny PNG whose header claims 60 000 × 60 000 pixels: decoding it would need gigabytes. */
async function decompressionBomb(): Promise<Buffer> {
  const png = Buffer.from(await photo('png', 1, 1));
  png.writeUInt32BE(60_000, 16);
  png.writeUInt32BE(60_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('identity files', () => {
  it('a JPEG is re-encoded without its EXIF (camera, GPS) and keeps its size', async () => {
    const withExif = await sharp(await photo('jpeg'))
      .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const result = await check(withExif, 'aadhaar-front.jpg');
    if (!('kind' in result) || result.kind !== 'image') throw new Error(JSON.stringify(result));
    expect(result).toMatchObject({ contentType: 'image/jpeg', width: 640, height: 400 });
    expect(result.sha256).toMatch(/^[0-9a-f]{64}$/);
    const stored = await sharp(result.bytes).metadata();
    expect(stored.exif).toBeUndefined();
    expect(result.bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('a PNG, or a camera capture with no extension, becomes a JPEG; bytes hidden after the image are dropped', async () => {
    const png = await photo('png');
    expect(await check(png, 'back.png')).toMatchObject({ kind: 'image', contentType: 'image/jpeg' });
    const polyglot = Buffer.concat([await photo('jpeg'), Buffer.from('<script>alert(1)</script>')]);
    const result = await check(polyglot, 'blob');
    if (!('kind' in result)) throw new Error(result.message);
    expect(result.bytes.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('a large photo is scaled down to 2400 px on its longer side', async () => {
    const result = await check(await photo('jpeg', 4000, 3000), 'front.jpeg');
    expect(result).toMatchObject({ kind: 'image', width: 2400, height: 1800 });
  });

  it('an e-Aadhaar PDF is accepted where PDFs are, and refused for a selfie', async () => {
    const pdf = await onePagePdf();
    expect(await check(pdf, 'e-aadhaar.pdf')).toMatchObject({ kind: 'pdf', contentType: 'application/pdf' });
    expect(await check(pdf, 'selfie', false)).toMatchObject({ reason: 'wrong_type' });
  });

  it('refuses a PDF or an HTML page renamed .jpg, an empty file, a 50 MB file, a damaged image and a decompression bomb', async () => {
    const cases: Array<[string, Buffer, string, string]> = [
      ['a PDF renamed .jpg', await onePagePdf(), 'front.jpg', 'wrong_type'],
      [
        'an HTML page renamed .jpg',
        Buffer.from('<!doctype html><title>x</title>'),
        'front.jpg',
        'wrong_type',
      ],
      ['a PNG named .pdf', await photo('png'), 'front.pdf', 'wrong_type'],
      ['an empty file', Buffer.alloc(0), 'front.jpg', 'empty'],
      [
        'a 50 MB file',
        Buffer.concat([await photo('jpeg'), Buffer.alloc(50 * 1024 * 1024)]),
        'front.jpg',
        'too_large',
      ],
      [
        'a damaged JPEG',
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]),
        'a.jpg',
        'unreadable',
      ],
      ['a decompression bomb', await decompressionBomb(), 'front.png', 'unreadable'],
    ];
    for (const [what, bytes, fileName, reason] of cases) {
      const result = await check(bytes, fileName);
      expect(result, what).toMatchObject({ reason });
      if ('reason' in result) expect(result.message, what).toMatch(/\.$/);
    }
  });
});
