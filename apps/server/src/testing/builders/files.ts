import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { samplePdf } from '../documents.ts';

/**
 * The files set-up stores (a notary's photo, signature and seal, a document to notarise, identity images, a signature
 * drawn in the portal, a recording part). Each is made once per process and reused: making them is not what tests test.
 */
const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | null = null;
  return () => {
    made ??= make();
    made.catch(() => {
      made = null;
    });
    return made;
  };
};

/** A small real PNG (decodes with sharp), as the notary onboarding tests upload. */
export const samplePng = once(() =>
  sharp({
    create: { width: 40, height: 30, channels: 4, background: { r: 20, g: 40, b: 140, alpha: 1 } },
  })
    .png()
    .toBuffer(),
);

/** A minimal but complete one-page PDF file (a certificate of practice): it passes the document check. */
export function minimalPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
}

/** What `photoWithLocation()` carries in its EXIF: a camera make and a position (New Delhi). */
export const PHOTO_EXIF = { make: 'MoharTestCam', latitude: '28/1 36/1 50/1', longitude: '77/1 12/1 32/1' };

/**
 * A JPEG photo as a phone writes it: EXIF with the camera and its GPS position, the kind of metadata a public
 * directory photo must not give away.
 */
export const photoWithLocation = once(() =>
  sharp({
    create: { width: 120, height: 160, channels: 3, background: { r: 180, g: 150, b: 120 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: PHOTO_EXIF.make, Model: 'Phone 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: PHOTO_EXIF.latitude,
        GPSLongitudeRef: 'E',
        GPSLongitude: PHOTO_EXIF.longitude,
      },
    })
    .toBuffer(),
);

/** A small real JPEG with an HTML page after its end-of-image marker (a "polyglot"). */
export const jpegWithAppendedHtml = once(async () =>
  Buffer.concat([
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer(),
    Buffer.from('<html><script>alert(document.cookie)</script></html>'),
  ]),
);

/** The document to notarise: one A4 page with a line of text (testing/documents.ts). */
export const sampleDocument = once(() => samplePdf());

/** A photo-like image for the identity steps (no QR code on it: the notary checks the card in the call). */
export const identityPhoto = once(() =>
  sharp({
    create: { width: 320, height: 200, channels: 3, background: { r: 200, g: 190, b: 170 } },
  })
    .jpeg()
    .toBuffer(),
);

/** A drawn signature: a dark stroke on a transparent pad. */
export const inkSignature = once(() =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="150"><path d="M20 110 C 80 10, 140 140, 200 60 S 320 20, 380 100" stroke="#111" stroke-width="6" fill="none"/></svg>',
    ),
  )
    .png()
    .toBuffer(),
);

/** One part of a real Chromium WebM recording (what the notary's recorder uploads). */
export const recordingPart = once(() =>
  readFile(new URL('../../modules/sessions/fixtures/chromium-recording.webm', import.meta.url)),
);
