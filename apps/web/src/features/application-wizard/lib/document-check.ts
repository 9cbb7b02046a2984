/** Every PDF starts with these bytes; the server reads the content again, this only saves a pointless upload. */
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

export type DocumentProblem = 'empty' | 'not_pdf' | 'too_large';

export const bytesOfMegabytes = (megabytes: number) => megabytes * 1024 * 1024;

/** A quick check before uploading: looks like a PDF by name or type, not empty, within the size limit. */
export function checkDocumentFile(options: {
  file: { name: string; type: string; size: number };
  maxBytes: number;
}): DocumentProblem | null {
  const { file } = options;
  const isPdfByName = file.name.toLowerCase().endsWith('.pdf');
  if (file.type !== 'application/pdf' && !isPdfByName) return 'not_pdf';
  if (file.size === 0) return 'empty';
  if (file.size > options.maxBytes) return 'too_large';
  return null;
}

/** Whether the file's first bytes are a PDF header (a renamed Word file fails here). */
export function hasPdfSignature(head: Uint8Array): boolean {
  return PDF_SIGNATURE.every((byte, index) => head[index] === byte);
}

export async function startsLikePdf(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, PDF_SIGNATURE.length).arrayBuffer());
  return hasPdfSignature(head);
}

/** Whole percent shown beside the progress bar. */
export const percentOf = (fraction: number) => Math.round(Math.min(1, Math.max(0, fraction)) * 100);
