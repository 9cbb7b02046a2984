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

/** A minimal but complete PDF file (a certificate of practice). */
export function minimalPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
}

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
