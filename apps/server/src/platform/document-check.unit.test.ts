import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  assemblePdf,
  encryptedPdf,
  notPdf,
  pdfWithJavaScript,
  pdfWithJavaScriptInObjectStream,
  samplePdf,
  truncatedPdf,
} from '../testing/documents.ts';
import { checkDocument, type DocumentCheckResult } from './document-check.ts';

const LIMITS = { maxBytes: 25 * 1024 * 1024, maxPages: 100 };

function check(bytes: Buffer, limits: Partial<typeof LIMITS> = {}) {
  return checkDocument({ bytes, ...LIMITS, ...limits });
}

function refusal(result: DocumentCheckResult) {
  if (result.ok) throw new Error(`Expected a refusal, got ${JSON.stringify(result)}`);
  return { reason: result.reason, message: result.message };
}

/** A one-page PDF from pdf-lib, changed by `edit` before it is saved. */
async function editedPdf(
  edit: (document: PDFDocument) => void,
  options: { useObjectStreams?: boolean } = {},
): Promise<Buffer> {
  const document = await PDFDocument.load(await samplePdf({ pages: 1 }), { updateMetadata: false });
  edit(document);
  return Buffer.from(await document.save({ useObjectStreams: options.useObjectStreams ?? false }));
}

const PAGE_TREE = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
];

describe('a valid PDF', () => {
  it('is accepted with its page count and the SHA-256 of its exact bytes', async () => {
    const bytes = await samplePdf({ pages: 3 });
    const result = await check(bytes);
    expect(result).toEqual({ ok: true, pages: 3, sha256: createHash('sha256').update(bytes).digest('hex') });
  });

  it('is accepted with exactly the maximum number of pages and bytes', async () => {
    const bytes = await samplePdf({ pages: 4 });
    expect(await check(bytes, { maxPages: 4, maxBytes: bytes.length })).toMatchObject({ ok: true, pages: 4 });
  });

  it('is accepted when its objects are compressed in object streams', async () => {
    const bytes = await editedPdf(() => undefined, { useObjectStreams: true });
    expect(await check(bytes)).toMatchObject({ ok: true, pages: 1 });
  });
});

describe('a file that is not a usable PDF', () => {
  it('an empty file is refused', async () => {
    expect(refusal(await check(Buffer.alloc(0)))).toEqual({
      reason: 'empty',
      message: 'This file is empty. Choose the PDF of your document and upload it again.',
    });
  });

  it('a PNG image renamed .pdf is refused as not a PDF', async () => {
    expect(refusal(await check(await notPdf()))).toEqual({
      reason: 'not_pdf',
      message: 'This file is not a PDF. Export or save your document as a PDF and upload that file.',
    });
  });

  it('a text file renamed .pdf is refused as not a PDF', async () => {
    const text = Buffer.from('Rental agreement between the parties, dated 1 April 2025.\n');
    expect(refusal(await check(text)).reason).toBe('not_pdf');
  });

  it('a file over the size limit is refused, before anything else is checked', async () => {
    const { reason, message } = refusal(
      await check(Buffer.alloc(2 * 1024 * 1024 + 1), { maxBytes: 2 * 1024 * 1024 }),
    );
    expect(reason).toBe('too_large');
    expect(message).toBe(
      'This file is larger than 2 MB. Save a smaller PDF (for example, scan at a lower resolution) and upload that file.',
    );
  });

  it('a password-protected PDF is refused', async () => {
    expect(refusal(await check(await encryptedPdf()))).toEqual({
      reason: 'encrypted',
      message:
        'This PDF is password-protected. Remove the password (print it to a new PDF) and upload that file.',
    });
  });

  it('a PDF with more pages than the limit is refused, saying how many it has', async () => {
    expect(refusal(await check(await samplePdf({ pages: 5 }), { maxPages: 4 }))).toEqual({
      reason: 'too_many_pages',
      message: 'This PDF has 5 pages; the limit is 4. Upload a PDF with only the pages to be notarised.',
    });
  });

  it('a PDF cut in half is refused as damaged', async () => {
    const { reason, message } = refusal(await check(await truncatedPdf()));
    expect(reason).toBe('damaged');
    expect(message).toBe(
      'This PDF is damaged or incomplete, so we cannot open it. Check that it opens on your device, save it again as a new PDF and upload that file.',
    );
  });

  it('a PDF cut in half is refused as damaged even with an end marker added back', async () => {
    const patched = Buffer.concat([await truncatedPdf(), Buffer.from('\n%%EOF\n')]);
    expect(refusal(await check(patched)).reason).toBe('damaged');
  });

  it('a PDF with an HTML page appended after its end marker is refused, saying what to do', async () => {
    const appended = Buffer.concat([
      await samplePdf({ pages: 1 }),
      Buffer.from('<html><script>alert(document.cookie)</script></html>\n'),
    ]);
    expect(refusal(await check(appended))).toEqual({
      reason: 'appended_data',
      message:
        'This PDF has other data attached after its end, which we do not accept. Save or print it again as a new PDF and upload that file.',
    });
  });

  it('a payload appended after the end marker is refused however large it is', async () => {
    const zipLike = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(4096, 0x41)]);
    const appended = Buffer.concat([await samplePdf({ pages: 1 }), zipLike]);
    expect(refusal(await check(appended)).reason).toBe('appended_data');
  });

  it('white space after the end marker is accepted, as writers add line ends and padding', async () => {
    const padded = Buffer.concat([await samplePdf({ pages: 1 }), Buffer.from('\r\n \n\t\0\n')]);
    expect((await check(padded)).ok).toBe(true);
  });

  it('an HTML page with a PDF header and an end marker is refused as damaged', async () => {
    const html = Buffer.from('%PDF-1.4\n<html><body><script>alert(1)</script></body></html>\n%%EOF\n');
    expect(refusal(await check(html)).reason).toBe('damaged');
  });

  it('a PDF header followed by garbage is refused as damaged', async () => {
    const garbage = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.from(Array.from({ length: 4000 }, (_, index) => (index * 37) % 256)),
      Buffer.from('\n%%EOF\n'),
    ]);
    expect(refusal(await check(garbage)).reason).toBe('damaged');
  });

  it('a PDF with an empty page tree is refused as having no pages', async () => {
    const empty = assemblePdf({
      objects: ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>'],
    });
    expect(refusal(await check(empty))).toEqual({
      reason: 'no_pages',
      message: 'This PDF has no pages. Check that you chose the right file and upload it again.',
    });
  });

  it('a page tree that disagrees with its own page count is refused as damaged', async () => {
    const lying = assemblePdf({
      objects: [PAGE_TREE[0]!, '<< /Type /Pages /Kids [3 0 R] /Count 5 >>', PAGE_TREE[2]!],
    });
    expect(refusal(await check(lying)).reason).toBe('damaged');
  });

  it('a page tree that loops back on itself is refused as damaged', async () => {
    const looping = assemblePdf({
      objects: [PAGE_TREE[0]!, '<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 1 >>', PAGE_TREE[2]!],
    });
    expect(refusal(await check(looping)).reason).toBe('damaged');
  });

  it('an object stream that inflates to a huge size is refused before it is inflated', async () => {
    // A well-formed object stream (one `null`), padded with 101 MB of spaces that compress to almost nothing.
    const inflated = Buffer.concat([Buffer.from('5 0 null'), Buffer.alloc(101 * 1024 * 1024, ' ')]);
    const bomb = deflateSync(inflated, { level: 1 });
    const objectStream = Buffer.concat([
      Buffer.from(`<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`),
      bomb,
      Buffer.from('\nendstream'),
    ]);
    const { reason, message } = refusal(await check(assemblePdf({ objects: [...PAGE_TREE, objectStream] })));
    expect(reason).toBe('damaged');
    expect(message).toBe(
      'We could not check this PDF: it is unusually complex or partly damaged. Print it to a new PDF and upload that file.',
    );
  });

  it('a PDF that takes too long to check is refused as too complex', async () => {
    const result = await checkDocument({ bytes: await samplePdf(), ...LIMITS, timeoutMs: 1 });
    expect(refusal(result).message).toContain('unusually complex');
  });
});

describe('active content', () => {
  const JAVASCRIPT_MESSAGE =
    'This PDF contains JavaScript, which we do not accept in documents for notarisation. Print it to a new PDF (this removes scripts) and upload that file.';

  it('a PDF that runs JavaScript when opened is refused', async () => {
    expect(refusal(await check(await pdfWithJavaScript()))).toEqual({
      reason: 'javascript',
      message: JAVASCRIPT_MESSAGE,
    });
  });

  it('a PDF with JavaScript in an object stream is refused', async () => {
    const bytes = await pdfWithJavaScriptInObjectStream();
    // The script is only visible once the object stream is inflated: a search of the raw bytes would miss it.
    expect(bytes.includes('JavaScript')).toBe(false);
    expect(refusal(await check(bytes))).toEqual({ reason: 'javascript', message: JAVASCRIPT_MESSAGE });
  });

  it('a PDF with a document-level script in the names tree is refused', async () => {
    const bytes = await editedPdf((document) => {
      const script = document.context.register(
        document.context.obj({ S: 'JavaScript', JS: PDFString.of('this.print();') }),
      );
      const scripts = document.context.obj({ Names: [PDFString.of('print'), script] });
      document.catalog.set(PDFName.of('Names'), document.context.obj({ JavaScript: scripts }));
    });
    expect(refusal(await check(bytes)).reason).toBe('javascript');
  });

  it('a PDF with a script that runs when a page opens is refused', async () => {
    const bytes = await editedPdf((document) => {
      const action = document.context.obj({ S: 'JavaScript', JS: PDFString.of('app.beep(0);') });
      document.getPage(0).node.set(PDFName.of('AA'), document.context.obj({ O: action }));
    });
    expect(refusal(await check(bytes)).reason).toBe('javascript');
  });

  it('a PDF with a link that runs a script is refused', async () => {
    const bytes = await editedPdf((document) => {
      const link = document.context.register(
        document.context.obj({
          Type: 'Annot',
          Subtype: 'Link',
          Rect: [72, 700, 300, 720],
          A: { S: 'JavaScript', JS: PDFString.of("app.launchURL('https://example.com');") },
        }),
      );
      document.getPage(0).node.set(PDFName.of('Annots'), document.context.obj([link]));
    });
    expect(refusal(await check(bytes)).reason).toBe('javascript');
  });

  it('a script hidden behind escaped names is refused', async () => {
    // Readers decode `#4a` and `#4A` alike; pdf-lib 1.17 decoded only the upper-case form.
    const escaped = Buffer.from(
      (await pdfWithJavaScript())
        .toString('latin1')
        .replace('/JavaScript', '/#4aavaScript')
        .replace('/JS', '/#4aS'),
      'latin1',
    );
    expect(escaped.includes('JavaScript')).toBe(false);
    expect(refusal(await check(escaped)).reason).toBe('javascript');
  });

  it('a script in an object that a later update replaced is still refused', async () => {
    // A crafted cross-reference table can point a reader at the old version, so every version is checked.
    const original = await pdfWithJavaScript();
    const document = await PDFDocument.load(original, { updateMetadata: false });
    const catalogRef = document.context.trailerInfo.Root;
    const pagesRef = document.catalog.get(PDFName.of('Pages'));
    const update = `\n${catalogRef?.toString().replace(' R', '')} obj\n<< /Type /Catalog /Pages ${pagesRef} >>\nendobj\n`;
    const updated = Buffer.concat([
      original,
      Buffer.from(`${update}trailer\n<< /Root ${catalogRef} >>\n%%EOF\n`),
    ]);
    expect(refusal(await check(updated)).reason).toBe('javascript');
  });

  it('a script in an object too broken for pdf-lib to read is still refused', async () => {
    const broken = assemblePdf({
      objects: [
        '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
        PAGE_TREE[1]!,
        PAGE_TREE[2]!,
        '<< /S /JavaScript /JS (app.alert\\(1\\); >>',
      ],
    });
    expect(refusal(await check(broken)).reason).toBe('javascript');
  });

  it('a PDF with an action that launches a program is refused', async () => {
    const bytes = await editedPdf((document) => {
      document.catalog.set(
        PDFName.of('OpenAction'),
        document.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') }),
      );
    });
    expect(refusal(await check(bytes))).toEqual({
      reason: 'javascript',
      message:
        'This PDF contains an action that opens other files or programs, which we do not accept. Print it to a new PDF and upload that file.',
    });
  });

  it('a dynamic XFA form is refused', async () => {
    const bytes = await editedPdf((document) => {
      const xfa = document.context.register(document.context.flateStream('<xdp:xdp/>'));
      document.catalog.set(PDFName.of('AcroForm'), document.context.obj({ Fields: [], XFA: xfa }));
    });
    expect(refusal(await check(bytes))).toEqual({
      reason: 'javascript',
      message:
        'This PDF is a dynamic (XFA) form, which we do not accept. Fill it in, print it to a new PDF and upload that file.',
    });
  });
});
