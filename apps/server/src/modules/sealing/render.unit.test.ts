import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PageSizes, PDFDict, PDFDocument, PDFName, PDFStream, StandardFonts } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readQrText } from '../identity/qr-image.ts';
import { renderSealPng } from '../notaries/seal.ts';
import { renderActWording } from './act-templates.ts';
import { appendCertificateOfNotarisation, type CertificatePageData } from './certificate-page.ts';
import { addNotarialCertificate, type NotarialCertificateData } from './notarial-certificate.ts';
import { findBottomFreeBand } from './page-content.ts';
import { SealingRenderError } from './render-errors.ts';
import { defaultPlacements, signatureCaption, stampSignature } from './stamp-signatures.ts';

/*
 * Timing (2 cores, Node 24, measured with a throwaway script, not asserted): a 100-page A4 text PDF loaded, two
 * signature stamps, the notarial certificate and a 40-event certificate of notarisation (2 pages), saved without
 * object streams: ≈0.3 s warm (load 0.01 s, drawing 0.25 s, save 0.03 s), ≈0.4 s on the first run. The file grows by
 * ≈100 KB: the 200 dpi seal PNG (≈43 KB) and three font subsets.
 */

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mohar-sealing-render-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function tool(command: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(command, args, { maxBuffer: 32 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        `${command} is not installed, so the rendered PDF cannot be checked: apt-get install -y poppler-utils`,
      );
    }
    throw error;
  }
}

async function save(pdfDoc: PDFDocument, name: string): Promise<string> {
  const file = path.join(dir, `${name}.pdf`);
  await writeFile(file, await pdfDoc.save());
  return file;
}

/** Renders pages (1-based, inclusive) to PNGs and returns their paths in page order. */
async function renderPages(
  file: string,
  options: { dpi: number; first?: number; last?: number },
): Promise<string[]> {
  const prefix = path.join(dir, `${path.basename(file, '.pdf')}-${options.dpi}-${options.first ?? 1}`);
  const range = options.first
    ? ['-f', String(options.first), '-l', String(options.last ?? options.first)]
    : [];
  await tool('pdftoppm', ['-r', String(options.dpi), '-png', ...range, file, prefix]);
  const base = path.basename(prefix);
  return (await readdir(dir))
    .filter((f) => f.startsWith(`${base}-`) && f.endsWith('.png'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Text of pages `first`–`last` (1-based; `last` defaults to `first`, or to the end with `toEnd`). */
const pdfText = (file: string, first: number, options: { toEnd?: boolean } = {}) =>
  tool('pdftotext', [
    '-f',
    String(first),
    ...(options.toEnd ? [] : ['-l', String(first)]),
    '-layout',
    file,
    '-',
  ]);

/** A hand-written-looking signature: a blue stroke on a transparent background. */
async function signaturePng(colour = '#1a237e'): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><path d="M10 90 C 60 10, 90 10, 110 70 S 170 110, 200 40 S 260 20, 290 80 S 350 60, 390 30" fill="none" stroke="${colour}" stroke-width="6"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

async function sealPng(): Promise<Uint8Array> {
  const { png } = await renderSealPng(
    {
      name: 'Meera Iyer',
      areaOfPractice: 'Delhi',
      registrationNumber: 'DL/2019/04512',
      appointingGovernment: 'Government of NCT of Delhi',
      commissionExpiresOn: '2029-03-31',
    },
    { dpi: 200 },
  );
  return new Uint8Array(png);
}

/** Two A4 pages of Helvetica text; the second is a third full, so its bottom has room. */
async function sourcePdf(
  options: { lastPageLines?: number; size?: [number, number] } = {},
): Promise<PDFDocument> {
  const pdfDoc = await PDFDocument.create();
  const font = await pdfDoc.embedFont(StandardFonts.Helvetica);
  const size = options.size ?? PageSizes.A4;
  for (const lines of [60, options.lastPageLines ?? 20]) {
    const page = pdfDoc.addPage(size);
    for (let i = 0; i < lines; i++) {
      const y = size[1] - 60 - i * 12;
      if (y < 30) break;
      page.drawText(`Clause ${i + 1}. The deponent states that the facts in this paragraph are true.`, {
        x: 56,
        y,
        size: 10,
        font,
      });
    }
  }
  return pdfDoc;
}

const ORIGINAL_SHA = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';
const BEFORE_SHA = '0f9e8d7c6b5a49382716051423324150f9e8d7c6b5a4938271605142332415ab';
const RECORDING_SHA = '5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8';

const certificateData = (timelineLength = 9): CertificatePageData => ({
  applicationId: '0b7e4c1a-3a52-4d9b-9d0e-2f4b1f6a9c11',
  document: {
    title: 'Affidavit of residence — flat 4B',
    type: 'affidavit',
    act: 'affidavit_oath',
    pageCount: 2,
    language: 'English',
  },
  parties: [
    {
      name: 'आशा वर्मा (Asha Verma)',
      role: 'executant',
      identityMethod: 'aadhaar_secure_qr',
      aadhaarMasked: 'XXXX XXXX 1234',
    },
    {
      name: 'Rahul Verma',
      role: 'witness',
      identityMethod: 'aadhaar_checked_by_notary',
      aadhaarMasked: 'XXXX XXXX 9876',
    },
  ],
  notary: {
    name: 'Meera Iyer',
    registrationNumber: 'DL/2019/04512',
    areaOfPractice: 'Delhi',
    appointingGovernment: 'Government of NCT of Delhi',
    commissionExpiresOn: '2029-03-31',
  },
  notarisedAt: new Date('2026-11-23T08:45:30Z'),
  registerSerial: 123,
  digitalSignature: {
    signerName: 'Meera Iyer',
    issuer: 'Mohar Platform CA (not a licensed CA under the IT Act)',
    isPlatformIssued: true,
  },
  timeline: Array.from({ length: timelineLength }, (_, i) => ({
    at: new Date(Date.UTC(2026, 10, 23, 8, 35, 9) + i * 47_000),
    text: [
      'Asha Verma verified her identity with the Aadhaar Secure QR',
      'Rahul Verma’s Aadhaar card was checked by the notary on video',
      'Start Notarization pressed by Asha Verma',
      'The notary Meera Iyer joined the video session',
      'The notary matched each face against the identity documents',
      'Asha Verma signed the document',
      'Rahul Verma signed as witness',
      'The notary administered the oath',
      'The notary attested and sealed the document',
    ][i % 9]!,
    ip: i % 2 === 0 ? '103.21.244.17' : '2401:4900:1c2a:8f00:4d3e:9b1a:22c4:7e01',
  })),
  hashes: { originalSha256: ORIGINAL_SHA, beforeSealingSha256: BEFORE_SHA, recordingSha256: RECORDING_SHA },
  verification: { code: 'K7Q2-9XMA-D3', publicUrl: 'https://mohar.example.in/' },
});

const notarialData = async (): Promise<NotarialCertificateData> => ({
  act: 'affidavit_oath',
  executants: ['आशा वर्मा (Asha Verma)'],
  notary: { name: 'Meera Iyer', registrationNumber: 'DL/2019/04512', areaOfPractice: 'Delhi' },
  place: 'New Delhi',
  actAt: new Date('2026-11-23T08:45:30Z'),
  fee: { chargedPaise: 118_000, receiptSerial: 'MOH/2026-27/000123' },
  registerSerial: 123,
  sealImage: await sealPng(),
  signatureImage: await signaturePng('#111111'),
  documentTitle: 'Affidavit of residence — flat 4B',
});

/** Share of pixels in a region of a rendered page that are clearly not white. */
async function inkShare(png: string, box: { left: number; top: number; width: number; height: number }) {
  const { data, info } = await sharp(png)
    .extract(box)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let inked = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) inked++;
  }
  return inked / (info.width * info.height);
}

/** Distinct images the page draws (pdf-lib names an image once per draw; the object is shared). */
function imageCount(pdfDoc: PDFDocument, pageIndex: number): number {
  const resources = pdfDoc.getPage(pageIndex).node.Resources();
  const xObjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  const images = (xObjects?.keys() ?? []).filter((key) => {
    const object = xObjects?.lookup(key);
    return object instanceof PDFStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image');
  });
  return new Set(images.map((key) => xObjects?.get(key)?.toString())).size;
}

describe('the sealed document renders', () => {
  it('stamps signatures, adds the notarial certificate and the certificate page, and every page renders', async () => {
    const pdfDoc = await sourcePdf();
    const signature = await signaturePng();
    for (const [index, name] of ['आशा वर्मा', 'Rahul Verma'].entries()) {
      await stampSignature(pdfDoc, {
        png: signature,
        placements: await defaultPlacements(pdfDoc, 2, index),
        caption: signatureCaption({ name, signedAt: new Date('2026-11-23T08:35:09Z') }),
      });
    }
    const notarial = await addNotarialCertificate(pdfDoc, await notarialData());
    const certificate = await appendCertificateOfNotarisation(pdfDoc, certificateData());

    // The last page was a third full: the signatures and the notarial certificate both went there.
    expect(notarial).toMatchObject({ pageIndex: 1, isNewPage: false });
    expect(certificate).toMatchObject({
      firstPageIndex: 2,
      verifyUrl: 'https://mohar.example.in/verify/K7Q2-9XMA-D3',
    });
    expect(pdfDoc.getPageCount()).toBe(2 + certificate.pageCount);
    // Two signature stamps share one image; the seal and the notary's signature are two more.
    expect(imageCount(pdfDoc, 1)).toBe(3);

    const file = await save(pdfDoc, 'sealed');
    const pngs = await renderPages(file, { dpi: 50 });
    expect(pngs).toHaveLength(pdfDoc.getPageCount());
    for (const png of pngs) expect((await stat(png)).size).toBeGreaterThan(1000);

    const certificateText = await pdfText(file, 3, { toEnd: true });
    for (const expected of [
      'Certificate of notarisation',
      '0b7e4c1a-3a52-4d9b-9d0e-2f4b1f6a9c11',
      'XXXX XXXX 1234',
      'XXXX XXXX 9876',
      'Aadhaar Secure QR (verified)',
      'Aadhaar card checked by the notary',
      'DL/2019/04512',
      ORIGINAL_SHA,
      BEFORE_SHA,
      RECORDING_SHA,
      'Document before sealing (SHA-256)',
      '23 Nov 2026, 14:05:09 IST',
      // An IPv6 address breaks after a group, never inside one.
      '2401:4900:1c2a:8f00:',
      '4d3e:9b1a:22c4:7e01',
      'https://mohar.example.in/verify/K7Q2-9XMA-D3',
      'आशा',
    ]) {
      expect(certificateText).toContain(expected);
    }
    // A date keeps its time and zone on one line: "IST" never stands alone at the start of a line or cell.
    const notarisedLine = certificateText.split('\n').find((line) => line.includes('Notarised'));
    expect(notarisedLine).toMatch(/\d{2}:\d{2}:\d{2} IST/);
    const aloneIst = /(^|\s{2,})IST\b/m;
    expect(certificateText).not.toMatch(aloneIst);
    const lastPageText = await pdfText(file, 2);
    expect(lastPageText).not.toMatch(aloneIst);
    expect(lastPageText).toContain('Fee charged ₹1,180.00 (receipt MOH/2026-27/000123)');
    expect(lastPageText).toContain('Sworn/affirmed before me by the deponent');
    expect(lastPageText).toContain('Given under my hand and seal at New Delhi on 23 November 2026.');
    expect(lastPageText).toContain('Signed by Rahul Verma, 23 Nov 2026 14:05 IST');

    // The seal is visibly there: its box on the rendered page is inked (the seal's rings and letters).
    const [lastPagePng] = await renderPages(file, { dpi: 72, first: 2 });
    const { height } = pdfDoc.getPage(1).getSize();
    const seal = notarial.sealBox;
    const sealRegion = {
      left: Math.round(seal.x),
      top: Math.round(height - seal.y - seal.height),
      width: Math.round(seal.width),
      height: Math.round(seal.height),
    };
    expect(await inkShare(lastPagePng!, sealRegion)).toBeGreaterThan(0.1);
    // …and the same region of the page before the certificate was added was blank.
    const plain = await save(await sourcePdf(), 'plain');
    const [plainPng] = await renderPages(plain, { dpi: 72, first: 2 });
    expect(await inkShare(plainPng!, sealRegion)).toBe(0);

    // The QR code decodes to the verification link.
    const [certificatePng] = await renderPages(file, { dpi: 150, first: 3 });
    expect(await readQrText(await readFile(certificatePng!), { maxPixels: 20_000_000 })).toBe(
      'https://mohar.example.in/verify/K7Q2-9XMA-D3',
    );
    // Renders every page with poppler and reads them back (OCR, QR): the default 20 s is short on a shared machine.
  }, 60_000);

  it('annexes a page of the same size when the last page has no room, and runs a long timeline onto more pages', async () => {
    const pdfDoc = await sourcePdf({ lastPageLines: 80, size: PageSizes.Letter });
    const signature = await defaultPlacements(pdfDoc, 1, 0);
    expect(signature[0]?.page).toBe(2); // a "Signatures" page was appended
    await stampSignature(pdfDoc, {
      png: await signaturePng(),
      placements: signature,
      caption: 'Signed by Asha Verma',
    });
    const notarial = await addNotarialCertificate(pdfDoc, {
      ...(await notarialData()),
      placement: 'new-page',
    });
    expect(notarial).toMatchObject({ pageIndex: 3, isNewPage: true });
    expect(pdfDoc.getPage(3).getSize()).toEqual({ width: PageSizes.Letter[0], height: PageSizes.Letter[1] });

    const certificate = await appendCertificateOfNotarisation(pdfDoc, certificateData(60));
    expect(certificate.pageCount).toBeGreaterThanOrEqual(2);
    expect(pdfDoc.getPage(certificate.firstPageIndex).getSize().width).toBeCloseTo(PageSizes.A4[0], 1);

    const file = await save(pdfDoc, 'long');
    const pngs = await renderPages(file, { dpi: 50 });
    expect(pngs).toHaveLength(pdfDoc.getPageCount());
    const signaturesPage = await pdfText(file, 3);
    expect(signaturesPage).toContain('Signatures');
    const annexed = await pdfText(file, 4);
    expect(annexed).toContain('Notarial certificate annexed to “Affidavit of residence — flat 4B”');
    const continued = await pdfText(file, certificate.firstPageIndex + 2);
    expect(continued).toContain('Certificate of notarisation (continued)');
    expect(continued).toContain('Time (IST)'); // the table header is repeated
    expect(continued).toContain(`Page 2 of ${certificate.pageCount}`);
  });

  it('annexes an A4 page when the last page is too small to hold the block', async () => {
    const pdfDoc = await PDFDocument.create();
    pdfDoc.addPage(PageSizes.A7);
    expect(await addNotarialCertificate(pdfDoc, await notarialData())).toMatchObject({
      pageIndex: 1,
      isNewPage: true,
    });
    expect(pdfDoc.getPage(1).getSize()).toEqual({ width: PageSizes.A4[0], height: PageSizes.A4[1] });
  });

  it('puts the block between the body and a footer when the last page has a page number at the bottom', async () => {
    const pdfDoc = await sourcePdf({ lastPageLines: 10 });
    const page = pdfDoc.getPage(1);
    const font = await pdfDoc.embedFont(StandardFonts.Helvetica);
    page.drawText('Page 2 of 2', { x: 270, y: 30, size: 9, font });
    const band = findBottomFreeBand(page, { margin: 36, gap: 12 });
    expect(band).not.toBeNull();
    expect(band!.bottom).toBeGreaterThan(36); // above the footer, not over it
    expect(band!.top).toBeLessThan(page.getHeight() - 60 - 9 * 12);
    const notarial = await addNotarialCertificate(pdfDoc, await notarialData());
    expect(notarial.isNewPage).toBe(false);
    expect(notarial.box.y).toBeGreaterThan(40);
  });

  it('for a Hindi-speaking client the certificate page’s headings are Hindi, with the governing English beside them', async () => {
    const pdfDoc = await PDFDocument.create();
    pdfDoc.addPage(PageSizes.A4);
    await appendCertificateOfNotarisation(pdfDoc, { ...certificateData(), headingLanguage: 'hi' });
    const text = await pdfText(await save(pdfDoc, 'hindi-headings'), 2, { toEnd: true });
    // Words without a pre-base vowel sign: poppler gives those back in drawing order.
    for (const expected of [
      'Certificate of notarisation',
      'नोटरी · Notary',
      'पक्षकार · Parties',
      'Session timeline',
    ])
      expect(text, expected).toContain(expected);
    const [png] = await renderPages(await save(pdfDoc, 'hindi-headings'), { dpi: 50, first: 2 });
    expect((await stat(png!)).size).toBeGreaterThan(1000);
  });

  it('for a Hindi-speaking client the notary’s certificate on the document has Hindi headings; its wording stays English', async () => {
    const onPage = await sourcePdf();
    await addNotarialCertificate(onPage, { ...(await notarialData()), headingLanguage: 'hi' });
    const text = await pdfText(await save(onPage, 'hindi-notarial'), 2);
    // Words without a pre-base vowel sign: poppler gives those back in drawing order.
    for (const expected of [
      'शपथपत्र (जुराट)',
      'Notarial certificate — affidavit (jurat)',
      'Sworn/affirmed before me by the deponent',
      'Given under my hand and seal at New Delhi on 23 November 2026.',
      'अंग्रेज़ी पाठ ही मान्य है',
      'नोटरी · Notary, Delhi',
    ])
      expect(text, expected).toContain(expected);

    const annexed = await sourcePdf();
    const result = await addNotarialCertificate(annexed, {
      ...(await notarialData()),
      headingLanguage: 'hi',
      placement: 'new-page',
    });
    expect(result).toMatchObject({ pageIndex: 2, isNewPage: true });
    const file = await save(annexed, 'hindi-annexed');
    const annexText = await pdfText(file, 3);
    for (const expected of [
      'संलग्न नोटरी प्रमाणपत्र',
      // The long heading wraps; each language's part is there.
      'Notarial certificate annexed to “Affidavit',
      'यह पृष्ठ नोटरीकृत दस्तावेज़ का भाग है',
      'This page forms part of the notarised document.',
    ])
      expect(annexText, expected).toContain(expected);
    // The block stays on its page: the seal is inside the page, below the two heading lines.
    const { height } = annexed.getPage(2).getSize();
    expect(result.box.y).toBeGreaterThan(0);
    expect(result.sealBox.y + result.sealBox.height).toBeLessThan(height);

    // An English reader's block has no Hindi line at all.
    const english = await sourcePdf();
    await addNotarialCertificate(english, await notarialData());
    const englishText = await pdfText(await save(english, 'english-notarial'), 2);
    expect(englishText).toContain('Notarial certificate — affidavit (jurat)');
    expect(englishText).not.toContain('जुराट');
    expect(englishText).not.toContain('मान्य');
  }, 30_000);
});

describe('signature placements', () => {
  it('refuses a box that leaves the page, before drawing anything', async () => {
    const pdfDoc = await sourcePdf();
    const attempt = stampSignature(pdfDoc, {
      png: await signaturePng(),
      placements: [
        { page: 0, x: 56, y: 100, width: 150, height: 50 },
        { page: 1, x: 500, y: 100, width: 150, height: 50 }, // runs past the right edge of A4 (595 pt)
      ],
    });
    await expect(attempt).rejects.toBeInstanceOf(SealingRenderError);
    await expect(attempt).rejects.toMatchObject({ code: 'sealing.placement_invalid', statusCode: 422 });
    expect(imageCount(pdfDoc, 0)).toBe(0);
    await expect(
      stampSignature(pdfDoc, {
        png: await signaturePng(),
        placements: [{ page: 2, x: 0, y: 0, width: 10, height: 10 }],
      }),
    ).rejects.toMatchObject({ code: 'sealing.placement_invalid' });
  });

  it('refuses bytes that are not an image', async () => {
    const pdfDoc = await sourcePdf();
    await expect(
      stampSignature(pdfDoc, {
        png: new TextEncoder().encode('not a png'),
        placements: [{ page: 0, x: 56, y: 100, width: 150, height: 50 }],
      }),
    ).rejects.toMatchObject({ code: 'sealing.image_invalid' });
  });

  it('gives every signatory its own slot in one block, and the same slots when asked again', async () => {
    const pdfDoc = await sourcePdf();
    const slots = await Promise.all([0, 1, 2, 3].map((i) => defaultPlacements(pdfDoc, 4, i)));
    const boxes = slots.map((s) => s[0]!);
    expect(new Set(boxes.map((b) => `${b.x},${b.y}`)).size).toBe(4);
    expect(boxes.every((b) => b.page === 1)).toBe(true);
    expect(await defaultPlacements(pdfDoc, 4, 2)).toEqual(slots[2]);
    await expect(defaultPlacements(pdfDoc, 3, 0)).rejects.toMatchObject({
      code: 'sealing.placement_invalid',
    });
  });
});

/** A synthetic 12-digit number in Aadhaar's grouping, built at run time so no such literal sits in the source. */
const UNMASKED = ['2345', '6789', '1234'].join(' ');

describe('the certificate of notarisation refuses data it must not print', () => {
  it('an unmasked Aadhaar number', async () => {
    const data = certificateData();
    data.parties[0]!.aadhaarMasked = UNMASKED;
    await expect(appendCertificateOfNotarisation(await PDFDocument.create(), data)).rejects.toMatchObject({
      code: 'sealing.data_invalid',
    });
  });

  it('a full Aadhaar number hidden in an event', async () => {
    const data = certificateData();
    data.timeline[0]!.text = `Aadhaar ${UNMASKED} read from the QR`;
    const error = await appendCertificateOfNotarisation(await PDFDocument.create(), data).catch(
      (e: Error) => e,
    );
    expect(error).toMatchObject({ code: 'sealing.data_invalid' });
    expect((error as Error).message).not.toContain('2345');
  });
});

describe('act wording', () => {
  const base = {
    executants: ['Asha Verma'],
    notaryName: 'Meera Iyer',
    registrationNumber: 'DL/2019/04512',
    place: 'New Delhi',
    // 23 Nov 2026, 00:15 IST: the IST date, not the UTC one (22 Nov).
    date: new Date('2026-11-22T18:45:00Z'),
  };

  it('an affidavit gets a jurat', () => {
    const { paragraphs } = renderActWording({ ...base, act: 'affidavit_oath' });
    expect(paragraphs[0]).toMatch(
      /^Sworn\/affirmed before me by the deponent Asha Verma, who appeared before me by live audio-video link/,
    );
    expect(paragraphs.at(-1)).toBe('Given under my hand and seal at New Delhi on 23 November 2026.');
    expect(renderActWording({ ...base, act: 'affidavit_oath', oath: 'affirmed' }).paragraphs[0]).toMatch(
      /^Solemnly affirmed before me/,
    );
  });

  it('a true copy and a translation are certified as such', () => {
    expect(renderActWording({ ...base, act: 'true_copy' }).paragraphs[0]).toMatch(
      /^Certified to be a true copy of the original produced before me by Asha Verma/,
    );
    expect(
      renderActWording({ ...base, act: 'translation', translation: { from: 'Hindi', to: 'English' } })
        .paragraphs[0],
    ).toMatch(
      /^Certified that this is a true translation from Hindi into English of the document produced before me/,
    );
  });

  it('attestation names every executant and says it does not vouch for the contents', () => {
    const { paragraphs } = renderActWording({
      ...base,
      act: 'attest_execution',
      executants: ['A', 'B', 'C'],
    });
    expect(paragraphs[0]).toMatch(/^Executed before me by A, B and C, who appeared .* were identified/);
    expect(paragraphs[1]).toContain('does not certify the truth of its contents');
  });
});
