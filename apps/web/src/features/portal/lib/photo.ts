import { type Box, fittedSize } from './redaction';

/** A picture to mask and send: a photo, a camera frame or the first page of an e-Aadhaar PDF, drawn on a canvas. */
export type Photo = { canvas: HTMLCanvasElement; width: number; height: number };

/** The longest side sent to the server (which keeps at most 2400 px). */
export const SEND_MAX_EDGE = 2400;
/** e-Aadhaar pages are drawn large enough for the dense Secure QR to stay readable. */
const PDF_RENDER_EDGE = 2400;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** The e-Aadhaar PDF is locked; its password is asked for and the file opened again. */
export class PdfPasswordError extends Error {
  readonly isWrongPassword: boolean;
  constructor(isWrongPassword: boolean) {
    super(isWrongPassword ? 'wrong password' : 'password needed');
    this.isWrongPassword = isWrongPassword;
  }
}
/** The file is neither a picture nor a PDF the browser can open. */
export class UnreadableFileError extends Error {}

function canvasOf(size: { width: number; height: number }) {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new UnreadableFileError('no 2d canvas');
  return { canvas, context };
}

async function isPdf(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  return String.fromCharCode(...head) === '%PDF-';
}

/** The first page of a PDF, drawn at a size the QR can be read from. */
async function photoFromPdf(file: Blob, password?: string): Promise<Photo> {
  const { openPdf } = await import('@/components/pdf-preview/pdf-engine');
  const opened = openPdf(new Uint8Array(await file.arrayBuffer()), { password });
  try {
    const doc = await opened.promise.catch((error: unknown) => {
      const name = (error as { name?: string }).name;
      if (name === 'PasswordException') throw new PdfPasswordError((error as { code?: number }).code === 2);
      throw new UnreadableFileError('not a PDF the browser can open');
    });
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: PDF_RENDER_EDGE / Math.max(base.width, base.height) });
    const { canvas, context } = canvasOf({
      width: Math.round(viewport.width),
      height: Math.round(viewport.height),
    });
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    return { canvas, width: canvas.width, height: canvas.height };
  } finally {
    void opened.destroy();
  }
}

/**
 * A chosen file as a picture: JPEG or PNG (turned upright as the camera meant it), or the first page of a PDF.
 * Everything is redrawn in the browser, so what is sent carries no EXIF and only what the signatory saw.
 */
export async function photoFromFile(file: Blob, options: { password?: string } = {}): Promise<Photo> {
  if (await isPdf(file)) return photoFromPdf(file, options.password);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new UnreadableFileError('not a picture the browser can open');
  }
  const size = fittedSize(bitmap, SEND_MAX_EDGE);
  const { canvas, context } = canvasOf(size);
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  return { canvas, width: size.width, height: size.height };
}

/** The camera's current frame. A selfie is mirrored on screen, but kept the right way round. */
export function photoFromVideo(video: HTMLVideoElement): Photo {
  const size = fittedSize({ width: video.videoWidth, height: video.videoHeight }, SEND_MAX_EDGE);
  const { canvas, context } = canvasOf(size);
  context.drawImage(video, 0, 0, size.width, size.height);
  return { canvas, width: size.width, height: size.height };
}

/**
 * The picture as it will be sent: redrawn with every black box burnt into the pixels, as a fresh JPEG. The
 * original photo never leaves the browser, so nothing the signatory covered reaches the server.
 */
export async function maskedJpeg(photo: Photo, boxes: readonly Box[]): Promise<Blob> {
  const { canvas, context } = canvasOf(photo);
  context.drawImage(photo.canvas, 0, 0);
  context.fillStyle = '#000000';
  for (const box of boxes) context.fillRect(box.x, box.y, box.width, box.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
  if (!blob) throw new UnreadableFileError('could not encode the picture');
  return blob;
}
