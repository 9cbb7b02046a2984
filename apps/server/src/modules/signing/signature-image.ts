import { SIGNATURE_IMAGE_MAX_BYTES } from '@mohar/contracts';
import type { Metadata } from 'sharp';
import { loadSharp } from '../../platform/lazy-libraries.ts';
import { signingErrors } from './signing.errors.ts';

const MAX_WIDTH = 2000;
const MAX_HEIGHT = 1000;

/**
 * A signature image as the server stores and stamps it: checked by content (PNG or JPEG, sane size), re-encoded as
 * PNG (no metadata, no surprises for pdf-lib), transparency kept.
 */
export async function normaliseSignatureImage(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0 || bytes.length > SIGNATURE_IMAGE_MAX_BYTES)
    throw signingErrors.invalidImage('The signature image must be a PNG or JPEG of at most 1 MB.');
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw signingErrors.invalidImage('The signature is not a readable PNG or JPEG image.');
  }
  if (meta.format !== 'png' && meta.format !== 'jpeg')
    throw signingErrors.invalidImage('The signature must be a PNG or JPEG image.');
  if (!meta.width || !meta.height || meta.width > MAX_WIDTH || meta.height > MAX_HEIGHT)
    throw signingErrors.invalidImage(
      `The signature image may be at most ${MAX_WIDTH} × ${MAX_HEIGHT} pixels.`,
    );
  const png = await sharp(bytes).png().toBuffer();
  // A blank pad is not a signature: some pixels must be drawn.
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let inked = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const alpha = data[i + 3] ?? 0;
    const dark = (data[i] ?? 255) + (data[i + 1] ?? 255) + (data[i + 2] ?? 255) < 600;
    if (alpha > 32 && dark) inked += 1;
  }
  if (inked < 30)
    throw signingErrors.invalidImage('The signature is empty. Draw, type or upload your signature.');
  return png;
}
