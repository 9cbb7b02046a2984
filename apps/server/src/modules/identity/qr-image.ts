import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadSharp } from '../../platform/lazy-libraries.ts';

/**
 * Finds the QR code in a photo or scan of the back of an Aadhaar card and returns its text (for a Secure QR: a long
 * decimal number), or null when there is none. ZXing runs as WebAssembly loaded from node_modules: it never fetches
 * its binary from a CDN.
 */
let ready: Promise<typeof import('zxing-wasm/reader')> | undefined;

function loadReader() {
  // Loaded with the first QR to read, not at start.
  ready ??= (async () => {
    const zxing = await import('zxing-wasm/reader');
    const wasm = await readFile(
      createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'),
    );
    await zxing.prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
      fireImmediately: true,
    });
    return zxing;
  })();
  return ready;
}

/** Camera photos are large; a Secure QR is legible well below this, and a smaller image decodes faster. */
const MAX_EDGE = 2400;

export async function readQrText(image: Buffer, options: { maxPixels: number }): Promise<string | null> {
  const { readBarcodes } = await loadReader();
  // Decoded by sharp first (content checked, pixel count capped, EXIF orientation applied), then handed over as a
  // plain greyscale PNG.
  const sharp = await loadSharp();
  const png = await sharp(image, { limitInputPixels: options.maxPixels })
    .rotate()
    .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
    .greyscale()
    .png()
    .toBuffer();
  const results = await readBarcodes(new Uint8Array(png), {
    formats: ['QRCode'],
    tryHarder: true,
    maxNumberOfSymbols: 1,
  });
  return results.find((result) => result.isValid)?.text || null;
}
