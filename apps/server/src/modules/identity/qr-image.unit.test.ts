import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeTestSigner, signedQrText } from '../../testing/secure-qr.ts';
import { readQrText } from './qr-image.ts';
import { verifySecureQr } from './secure-qr.ts';

const signer = makeTestSigner();
const LIMIT = { maxPixels: 40_000_000 };

/** A card's back as a phone would photograph it: the QR on a larger light background, saved as JPEG. */
async function photographedBack(text: string): Promise<Buffer> {
  const qr = await QRCode.toBuffer([{ data: text, mode: 'numeric' }], {
    errorCorrectionLevel: 'M',
    scale: 4,
    margin: 4,
  });
  const { width = 0, height = 0 } = await sharp(qr).metadata();
  return sharp({ create: { width: width + 400, height: height + 300, channels: 3, background: '#f4f1ea' } })
    .composite([{ input: qr, left: 250, top: 150 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('reading the QR from the back of the card', () => {
  it('finds a Secure QR in a photographed back, and it verifies', async () => {
    const text = signedQrText({ name: 'Asha Kulkarni', dob: '14-03-1990' }, signer.privateKey);
    const read = await readQrText(await photographedBack(text), LIMIT);
    expect(read).toBe(text);
    const result = verifySecureQr(read ?? '', {
      trustedKeys: [signer.trusted],
      expected: { name: 'Asha Kulkarni', dateOfBirth: '1990-03-14' },
    });
    expect(result.outcome).toBe('verified');
  }, 30_000);

  it('an image without a QR gives null', async () => {
    const plain = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#ddeeff' } })
      .png()
      .toBuffer();
    expect(await readQrText(plain, LIMIT)).toBeNull();
  });

  it('a file that is not an image, or one with too many pixels, is refused before any decoding', async () => {
    await expect(readQrText(Buffer.from('%PDF-1.7 not an image'), LIMIT)).rejects.toThrow();
    const big = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(readQrText(big, { maxPixels: 1_000_000 })).rejects.toThrow(/pixel limit/i);
  });
});
