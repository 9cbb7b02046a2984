// Test PDFs for the document check. Self-contained (@cantoo/pdf-lib and node: only) so e2e can use a copy of this file.
// Every builder is deterministic: no dates, no random IDs, the same bytes on every run.
import { createHash } from 'node:crypto';
import { PDFDocument, PDFName, PDFString, rgb, StandardFonts } from '@cantoo/pdf-lib';

/** A real, simple PDF with a line of visible text on every page (A4, Helvetica). */
export async function samplePdf(options: { pages?: number; title?: string } = {}): Promise<Buffer> {
  const document = await createSampleDocument(options);
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

/** A PDF that runs JavaScript when it is opened (catalog `/OpenAction` with `/S /JavaScript`). */
export async function pdfWithJavaScript(): Promise<Buffer> {
  const document = await createSampleDocument({ pages: 1, title: 'Document with a script' });
  document.catalog.set(
    PDFName.of('OpenAction'),
    document.context.obj({ S: 'JavaScript', JS: PDFString.of("app.alert('Hello');") }),
  );
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

/**
 * The same script, but the action and the catalog are compressed inside an object stream, so the words
 * `JavaScript` and `OpenAction` never appear in the file's bytes.
 */
export async function pdfWithJavaScriptInObjectStream(): Promise<Buffer> {
  const document = await createSampleDocument({ pages: 1, title: 'Document with a hidden script' });
  const action = document.context.register(
    document.context.obj({ S: 'JavaScript', JS: PDFString.of("app.alert('Hello');") }),
  );
  document.catalog.set(PDFName.of('OpenAction'), action);
  return Buffer.from(await document.save({ useObjectStreams: true }));
}

/**
 * A real PDF with an HTML page after its end marker: a "polyglot" that a PDF reader opens as the document and a
 * browser or a careless tool as a web page.
 */
export async function pdfWithAppendedHtml(): Promise<Buffer> {
  const document = await samplePdf({ pages: 1, title: 'Document with a rider' });
  return Buffer.concat([document, Buffer.from('\n<html><script>alert(document.cookie)</script></html>\n')]);
}

/** An HTML page dressed as a PDF: a PDF header first and an end marker last, 67 bytes in all. */
export function htmlAsPdf(): Buffer {
  return Buffer.from('%PDF-1.4\n<html><body><script>alert(1)</script></body></html>\n%%EOF\n', 'latin1');
}

/** The first half of a real three-page PDF, as when a download or copy stops part-way. */
export async function truncatedPdf(): Promise<Buffer> {
  const whole = await samplePdf({ pages: 3, title: 'Interrupted download' });
  return Buffer.from(whole.subarray(0, Math.floor(whole.length / 2)));
}

/** A real PNG image (1 × 1 pixel): what arrives when someone renames `photo.png` to `photo.pdf`. */
export async function notPdf(): Promise<Buffer> {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC',
    'base64',
  );
}

/** The password a reader asks for before it opens `encryptedPdf()`. */
export const ENCRYPTED_PDF_PASSWORD = 'mohar';

/**
 * A one-page PDF encrypted with the standard security handler (revision 2, 40-bit RC4) and a user password,
 * so readers ask for `ENCRYPTED_PDF_PASSWORD` before showing it. Written by hand following ISO 32000-1 §7.6.3
 * (algorithms 2, 3 and 4), with exact cross-reference offsets: @cantoo/pdf-lib's `encrypt()` draws a random key,
 * so its bytes would change on every run.
 */
export async function encryptedPdf(): Promise<Buffer> {
  const fileId = createHash('md5').update('mohar-encrypted-test-pdf').digest();
  const permissions = -4; // everything allowed: the password, not the permissions, is what locks the file
  const ownerKey = rc4(md5(padPassword('mohar-owner')).subarray(0, 5), padPassword(ENCRYPTED_PDF_PASSWORD));
  const permissionBytes = Buffer.alloc(4);
  permissionBytes.writeInt32LE(permissions);
  const fileKey = md5(
    Buffer.concat([padPassword(ENCRYPTED_PDF_PASSWORD), ownerKey, permissionBytes, fileId]),
  ).subarray(0, 5);
  const userKey = rc4(fileKey, PASSWORD_PADDING);

  const objectKey = (objectNumber: number) =>
    md5(
      Buffer.concat([
        fileKey,
        Buffer.from([objectNumber & 0xff, (objectNumber >> 8) & 0xff, (objectNumber >> 16) & 0xff, 0, 0]),
      ]),
    ).subarray(0, 10);

  const content = Buffer.from('BT /F1 24 Tf 72 760 Td (Confidential agreement) Tj ET', 'latin1');
  const encryptedContent = rc4(objectKey(4), content);
  const encryptedTitle = rc4(objectKey(6), Buffer.from('Confidential agreement', 'latin1'));
  const hex = (bytes: Buffer) => bytes.toString('hex').toUpperCase();

  const objects: Buffer[] = [
    latin1('<< /Type /Catalog /Pages 2 0 R >>'),
    latin1('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    latin1(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    ),
    Buffer.concat([
      latin1(`<< /Length ${encryptedContent.length} >>\nstream\n`),
      encryptedContent,
      latin1('\nendstream'),
    ]),
    latin1('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    latin1(`<< /Title <${hex(encryptedTitle)}> >>`),
    latin1(
      `<< /Filter /Standard /V 1 /R 2 /Length 40 /O <${hex(ownerKey)}> /U <${hex(userKey)}> /P ${permissions} >>`,
    ),
  ];

  return assemblePdf({
    objects,
    trailer: `/Info 6 0 R /Encrypt 7 0 R /ID [<${hex(fileId)}> <${hex(fileId)}>]`,
  });
}

/**
 * Writes a PDF by hand, for shapes pdf-lib will not produce: object `n` is `objects[n - 1]`, the catalog must be
 * object 1, and `trailer` adds entries to the trailer dictionary. The cross-reference table is exact.
 */
export function assemblePdf(options: { objects: Array<string | Buffer>; trailer?: string }): Buffer {
  const chunks: Buffer[] = [latin1('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n')];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  options.objects.forEach((body, index) => {
    const chunk = Buffer.concat([
      latin1(`${index + 1} 0 obj\n`),
      typeof body === 'string' ? latin1(body) : body,
      latin1('\nendobj\n'),
    ]);
    offsets.push(offset);
    offset += chunk.length;
    chunks.push(chunk);
  });
  const size = options.objects.length + 1;
  const xref = [
    'xref',
    `0 ${size}`,
    '0000000000 65535 f\r',
    ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n\r`),
    'trailer',
    `<< /Size ${size} /Root 1 0 R ${options.trailer ?? ''} >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  chunks.push(latin1(xref));
  return Buffer.concat(chunks);
}

async function createSampleDocument(options: { pages?: number; title?: string }): Promise<PDFDocument> {
  const pages = options.pages ?? 2;
  const title = options.title ?? 'Sample agreement';
  // No automatic metadata: pdf-lib would stamp the current time and the bytes would change on every run.
  const document = await PDFDocument.create({ updateMetadata: false });
  document.setTitle(title);
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let number = 1; number <= pages; number += 1) {
    const page = document.addPage([595, 842]);
    page.drawText(title, { x: 72, y: 760, size: 20, font, color: rgb(0.1, 0.1, 0.3) });
    page.drawText(`Page ${number} of ${pages}`, { x: 72, y: 730, size: 12, font });
  }
  return document;
}

// ISO 32000-1 §7.6.3.3, algorithm 2, step a: every password is padded (or cut) to 32 bytes with this string.
const PASSWORD_PADDING = Buffer.from(
  '28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a',
  'hex',
);

function padPassword(password: string): Buffer {
  return Buffer.concat([Buffer.from(password, 'latin1'), PASSWORD_PADDING]).subarray(0, 32);
}

function md5(bytes: Buffer): Buffer {
  return createHash('md5').update(bytes).digest();
}

// OpenSSL 3 moved RC4 to its legacy provider, so node:crypto may not offer it; the cipher is a few lines anyway.
function rc4(key: Buffer, data: Buffer): Buffer {
  const state = Array.from({ length: 256 }, (_, index) => index);
  let j = 0;
  for (let i = 0; i < 256; i += 1) {
    j = (j + state[i]! + key[i % key.length]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
  }
  const output = Buffer.alloc(data.length);
  let i = 0;
  j = 0;
  for (let index = 0; index < data.length; index += 1) {
    i = (i + 1) & 0xff;
    j = (j + state[i]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
    output[index] = data[index]! ^ state[(state[i]! + state[j]!) & 0xff]!;
  }
  return output;
}

function latin1(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}
