import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegWithAppendedHtml, photoWithLocation, samplePng } from '../testing/builders/files.ts';
import { samplePdf } from '../testing/documents.ts';
import { carriesMetadata, checkImage, jpegEnd, pictureOnly, pngEnd } from './image-check.ts';

const BOTH = ['image/jpeg', 'image/png'] as const;

const jpeg = (options: { progressive?: boolean } = {}) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .jpeg({ progressive: options.progressive ?? false })
    .toBuffer();

/** A JPEG with a comment segment (COM, 0xFFFE) right after SOI holding the bytes of an end-of-image marker. */
async function jpegWithEndMarkerInAComment(): Promise<Buffer> {
  const image = await jpeg();
  const text = Buffer.from([0xff, 0xd9, 0x3c, 0x68, 0x74, 0x6d, 0x6c, 0x3e]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(text.length + 2);
  return Buffer.concat([image.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, text, image.subarray(2)]);
}

describe('the end of an image', () => {
  it('is the byte after JPEG EOI, found by walking segments and not by searching for FF D9', async () => {
    for (const image of [await jpeg(), await jpeg({ progressive: true }), await photoWithLocation()]) {
      expect(jpegEnd(image)).toBe(image.length);
    }
    const commented = await jpegWithEndMarkerInAComment();
    expect(jpegEnd(commented)).toBe(commented.length);
    // Stray bytes between two segments, as some cameras write: decoders skip them, and so does the walk.
    const stray = Buffer.concat([commented.subarray(0, 14), Buffer.from([0, 0]), commented.subarray(14)]);
    expect(jpegEnd(stray)).toBe(stray.length);
  });

  it('is the byte after the PNG IEND chunk', async () => {
    const image = await samplePng();
    expect(pngEnd(image)).toBe(image.length);
  });

  it('is not found in an image cut short', async () => {
    const image = await jpeg();
    expect(jpegEnd(image.subarray(0, image.length - 2))).toBeNull();
    expect(jpegEnd(image.subarray(0, 100))).toBeNull();
    expect(pngEnd((await samplePng()).subarray(0, 40))).toBeNull();
  });
});

describe('checkImage', () => {
  it('returns a clean copy of a phone photo: no EXIF, no GPS, upright, the same type', async () => {
    const sent = await photoWithLocation();
    const checked = await checkImage({ bytes: sent, allowed: BOTH });
    if (!checked.ok) throw new Error(checked.reason);
    expect(checked).toMatchObject({ contentType: 'image/jpeg', width: 120, height: 160 });
    expect(checked.bytes.includes(Buffer.from('Exif'))).toBe(false);
    expect((await sharp(checked.bytes).metadata()).exif).toBeUndefined();
  });

  it('turns a photo the camera marked as rotated upright before the marking is dropped', async () => {
    const sideways = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#aa0000' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const checked = await checkImage({ bytes: sideways, allowed: BOTH });
    expect(checked).toMatchObject({ ok: true, width: 20, height: 40 });
  });

  it('keeps a PNG a PNG, with its transparency', async () => {
    const transparent = await sharp({
      create: { width: 30, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const checked = await checkImage({ bytes: transparent, allowed: BOTH });
    if (!checked.ok) throw new Error(checked.reason);
    expect(await sharp(checked.bytes).metadata()).toMatchObject({ format: 'png', hasAlpha: true });
  });

  it('refuses bytes after the end marker, a type not asked for, and an image that does not decode', async () => {
    expect(await checkImage({ bytes: await jpegWithAppendedHtml(), allowed: BOTH })).toEqual({
      ok: false,
      reason: 'appended_data',
      found: 'image/jpeg',
    });
    const pngPlus = Buffer.concat([await samplePng(), Buffer.from('<?php echo 1; ?>')]);
    expect(await checkImage({ bytes: pngPlus, allowed: BOTH })).toMatchObject({ reason: 'appended_data' });
    expect(await checkImage({ bytes: await samplePdf(), allowed: BOTH })).toMatchObject({
      reason: 'not_image',
      found: 'other',
    });
    expect(await checkImage({ bytes: await samplePng(), allowed: ['image/jpeg'] })).toMatchObject({
      reason: 'not_image',
      found: 'image/png',
    });
    const image = await jpeg();
    const scrambled = Buffer.from(image);
    scrambled.fill(0x41, 200, image.length - 2);
    expect(await checkImage({ bytes: scrambled, allowed: BOTH })).toMatchObject({ reason: 'unreadable' });
  });
});

describe('an image stored before uploads were re-encoded', () => {
  const pngWithExif = () =>
    sharp({ create: { width: 8, height: 8, channels: 4, background: '#000000' } })
      .png()
      .withExif({ IFD0: { Make: 'MoharTestCam' } })
      .toBuffer();

  it('is known by its metadata, which nothing checkImage returns carries', async () => {
    for (const image of [await photoWithLocation(), await jpegWithAppendedHtml(), await pngWithExif()]) {
      expect(carriesMetadata(image)).toBe(true);
      const checked = await checkImage({ bytes: image, allowed: BOTH });
      if (checked.ok) expect(carriesMetadata(checked.bytes)).toBe(false);
    }
    expect(carriesMetadata(await samplePng())).toBe(false);
    expect(carriesMetadata(await jpeg({ progressive: true }))).toBe(false);
  });

  it('is shown re-encoded without its metadata; a clean one is shown as stored', async () => {
    const cleaned = await pictureOnly(await photoWithLocation());
    expect(cleaned?.includes(Buffer.from('Exif'))).toBe(false);
    expect(cleaned && (await sharp(cleaned).metadata()).exif).toBeUndefined();
    const clean = await samplePng();
    expect(await pictureOnly(clean)).toBe(clean);
  });
});
