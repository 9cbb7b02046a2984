// Loaded only through `import('./qr-scanner')` while the camera looks at the back of a card: the reader (WebAssembly,
// about 1 MB) stays out of every other bundle.
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { isSecureQrText } from './secure-qr-text';

// Our own bundled copy, served from this origin (CSP: script-src 'self' 'wasm-unsafe-eval'), never a CDN.
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

/** The longest side of the frame handed to the reader: sharp enough for a Secure QR, quick on a phone. */
const SCAN_EDGE = 1600;

/**
 * Looks for a Secure QR in the video's current frame. Returns its text (a long decimal number) or null: other
 * QR codes (a website's, a payment's) are not what we are looking for.
 */
export async function scanFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement): Promise<string | null> {
  const scale = Math.min(1, SCAN_EDGE / Math.max(video.videoWidth, video.videoHeight, 1));
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context || canvas.width === 0) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  const frame = context.getImageData(0, 0, canvas.width, canvas.height);
  const results = await readBarcodes(frame, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 1 });
  const text = results.find((result) => result.isValid)?.text ?? '';
  return isSecureQrText(text) ? text : null;
}
