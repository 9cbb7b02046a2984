import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PageSizes, PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSignature } from '../notaries/demo-content/demo-files.ts';
import { embedFonts, wrapText } from './fonts.ts';
import { formatIstMinute } from './format.ts';
import { fitInBox } from './images.ts';
import { defaultPlacements, signatureCaption, stampSignature } from './stamp-signatures.ts';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mohar-evidence-text-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('fitting a signature image into its box', () => {
  it('keeps the proportions, fills one side and centres the other', () => {
    const box = { x: 100, y: 200, width: 160, height: 50 };
    // Wider than the box: full width, centred vertically.
    expect(fitInBox({ width: 800, height: 100 }, box)).toEqual({ x: 100, y: 215, width: 160, height: 20 });
    // Taller: full height, centred horizontally.
    expect(fitInBox({ width: 100, height: 100 }, box)).toEqual({ x: 155, y: 200, width: 50, height: 50 });
    // Smaller than the box: scaled up, never past it.
    const small = fitInBox({ width: 16, height: 4 }, box);
    expect(small.width / small.height).toBeCloseTo(4);
    expect(small.width).toBeLessThanOrEqual(box.width);
    expect(small.height).toBeLessThanOrEqual(box.height);
  });
});

describe('dates in the evidence', () => {
  it('keep the time and "IST" on one line when the text wraps', async () => {
    const fonts = await embedFonts(await PDFDocument.create());
    const caption = signatureCaption({ name: 'Priya Menon Ram', signedAt: new Date('2026-11-23T08:35:09Z') });
    const lines = wrapText(caption, { font: fonts.regular, size: 7, width: 160 });
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.at(-1)).toMatch(/14:05\u00A0IST$/);
    expect(lines.some((line) => line.trim() === 'IST')).toBe(false);
    expect(formatIstMinute(new Date('2026-11-23T08:35:09Z'))).toBe('23 Nov 2026 14:05\u00A0IST');
  });

  it('prints the caption under a signature with its time and zone on the same line (pdftotext)', async () => {
    const pdfDoc = await PDFDocument.create();
    pdfDoc.addPage(PageSizes.A4);
    const png = new Uint8Array(await demoSignature('Priya Menon Ram'));
    await stampSignature(pdfDoc, {
      png,
      placements: await defaultPlacements(pdfDoc, 1, 0),
      caption: signatureCaption({ name: 'Priya Menon Ram', signedAt: new Date('2026-11-23T08:35:09Z') }),
    });
    const file = path.join(dir, 'caption.pdf');
    await writeFile(file, await pdfDoc.save());
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    expect(stdout).toContain('Signed by Priya Menon Ram');
    expect(stdout).toMatch(/14:05 IST/);
    expect(stdout).not.toMatch(/(^|\s{2,})IST\b/m);
  });
});

describe('the demo signature specimen', () => {
  it('holds the whole name, with room around it: nothing is cropped (tesseract reads it back)', async () => {
    const name = 'Ravi Shankar Iyer';
    const png = await demoSignature(name);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    // The text band (above the underline): no ink in the outermost columns, so the name ends inside the image.
    const inked = (x: number) => {
      for (let y = 0; y < info.height - 45; y += 1)
        if ((data[(y * info.width + x) * 4 + 3] ?? 0) > 0) return true;
      return false;
    };
    expect(inked(0) || inked(1) || inked(info.width - 1) || inked(info.width - 2)).toBe(false);
    const file = path.join(dir, 'signature.png');
    await writeFile(file, await sharp(png).flatten({ background: '#ffffff' }).png().toBuffer());
    // A uniform block (--psm 6): the underline under the name is not read as a second line of text.
    const { stdout } = await run('tesseract', [file, 'stdout', '--psm', '6']);
    expect(stdout.trim()).toBe(name);
  });
});
