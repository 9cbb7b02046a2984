import { checkDocument } from '../../platform/document-check.ts';
import { checkImage, type ImageType, sniffImage } from '../../platform/image-check.ts';

export type CheckedFile = { contentType: 'application/pdf' | ImageType; bytes: Buffer };

/**
 * Why a file was refused, for the error code: `active_content` (a PDF that could run something), `appended_data`
 * (a second file after the PDF's `%%EOF` or the image's end marker), `invalid` (anything else: empty, too large, not
 * the kind asked for, damaged).
 */
export type FileRefusal = { refusal: 'invalid' | 'active_content' | 'appended_data'; message: string };

const MAX_BYTES = 10 * 1024 * 1024;
/** A certificate of practice is a page or two; more is not the certificate. */
const MAX_PDF_PAGES = 20;
const NAMES = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' } as const;

const EXTENSIONS = new Map<string, CheckedFile['contentType']>([
  ['pdf', 'application/pdf'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['jfif', 'image/jpeg'],
  ['png', 'image/png'],
]);

/** What the file's name says it is; a name without an extension (a camera capture) leaves only the content. */
function claimedType(fileName: string | undefined): CheckedFile['contentType'] | 'other' | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName ?? '')?.[1]?.toLowerCase();
  if (!extension) return null;
  return EXTENSIONS.get(extension) ?? 'other';
}

/** What the first bytes say the file is: a notary's PDF starts with its header, as every writer puts it. */
const sniff = (bytes: Buffer): CheckedFile['contentType'] | null =>
  bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? 'application/pdf' : sniffImage(bytes);

/**
 * Accepts a file by what it is, never by its name or declared type, as strictly as a document to notarise: a PDF
 * passes the same document check (it parses, has pages, runs nothing, ends at its `%%EOF`); an image is decoded and
 * stored re-encoded without its metadata (EXIF, GPS), and nothing may follow its end marker. A name that claims
 * another kind than the content (an HTML page named `photo.jpg`) is refused too. Returns the bytes to store.
 */
export async function checkUpload(options: {
  bytes: Buffer;
  fileName?: string;
  allowed: ReadonlyArray<CheckedFile['contentType']>;
  label: string;
}): Promise<CheckedFile | FileRefusal> {
  const { bytes, allowed, label } = options;
  const names = allowed.map((type) => NAMES[type]).join(' or ');
  const invalid = (message: string): FileRefusal => ({ refusal: 'invalid', message });
  if (bytes.length === 0) return invalid(`The ${label} file is empty.`);
  if (bytes.length > MAX_BYTES) return invalid(`The ${label} is larger than 10 MB. Upload a smaller file.`);
  const found = sniff(bytes);
  const claimed = claimedType(options.fileName);
  if (!found || !allowed.includes(found) || (claimed !== null && claimed !== found)) {
    return invalid(`The ${label} must be a ${names} file. This file is not one.`);
  }
  return found === 'application/pdf' ? checkPdf(bytes, label) : checkPicture(bytes, found, { label, names });
}

async function checkPdf(bytes: Buffer, label: string): Promise<CheckedFile | FileRefusal> {
  const checked = await checkDocument({ bytes, maxBytes: MAX_BYTES, maxPages: MAX_PDF_PAGES });
  if (checked.ok) return { contentType: 'application/pdf', bytes };
  switch (checked.reason) {
    case 'javascript':
      return {
        refusal: 'active_content',
        message: `The ${label} PDF contains JavaScript or another part that can run, which we do not accept. Print it to a new PDF (this removes scripts) and upload that file.`,
      };
    case 'appended_data':
      return {
        refusal: 'appended_data',
        message: `The ${label} PDF has other data attached after its end, which we do not accept. Save or print it again as a new PDF and upload that file.`,
      };
    case 'too_many_pages':
      return {
        refusal: 'invalid',
        message: `The ${label} PDF has more than ${MAX_PDF_PAGES} pages. Upload a PDF with only the pages of the ${label}.`,
      };
    default:
      return { refusal: 'invalid', message: checked.message };
  }
}

async function checkPicture(
  bytes: Buffer,
  type: ImageType,
  words: { label: string; names: string },
): Promise<CheckedFile | FileRefusal> {
  const checked = await checkImage({ bytes, allowed: [type] });
  if (checked.ok) return { contentType: checked.contentType, bytes: checked.bytes };
  if (checked.reason === 'appended_data') {
    return {
      refusal: 'appended_data',
      message: `The ${words.label} image has other data attached after its end (some phones add a motion clip), which we do not accept. Save it again as a plain ${NAMES[type]} image, or take a screenshot of it, and upload that file.`,
    };
  }
  return {
    refusal: 'invalid',
    message: `The ${words.label} image could not be read. Upload a ${words.names} file that opens on your device.`,
  };
}
