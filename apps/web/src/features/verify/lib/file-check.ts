import { VERIFY_MAX_BYTES } from '@mohar/contracts';

/** Every PDF starts with these bytes; the server reads the file again, this only saves a pointless upload. */
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

export type FileProblem = 'empty' | 'not_pdf' | 'too_large';

/**
 * A quick look before sending: not empty, at most 50 MB (the server's limit), and not declared as something else.
 * A file with no type and no .pdf name (saved from a chat app, say) is judged by its first bytes instead.
 */
export function checkVerifyFile(file: { name: string; type: string; size: number }): FileProblem | null {
  const isPdfByName = file.name.toLowerCase().endsWith('.pdf');
  const isUndeclared = file.type === '' || file.type === 'application/octet-stream';
  if (file.type !== 'application/pdf' && !isPdfByName && !isUndeclared) return 'not_pdf';
  if (file.size === 0) return 'empty';
  if (file.size > VERIFY_MAX_BYTES) return 'too_large';
  return null;
}

/** Whether the first bytes are a PDF header (a Word file renamed to .pdf fails here). */
export function hasPdfSignature(head: Uint8Array): boolean {
  return PDF_SIGNATURE.every((byte, index) => head[index] === byte);
}

/** The full check: the quick one, then the file's first bytes. */
export async function findFileProblem(file: File): Promise<FileProblem | null> {
  const problem = checkVerifyFile(file);
  if (problem) return problem;
  const head = new Uint8Array(await file.slice(0, PDF_SIGNATURE.length).arrayBuffer());
  return hasPdfSignature(head) ? null : 'not_pdf';
}
