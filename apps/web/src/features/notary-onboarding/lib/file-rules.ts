import type { NotaryDocumentKind } from '@mohar/contracts';

/** The server's limit (notaries.routes.ts); checked first here so a large file is not sent for nothing. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** What each upload takes (the server checks the content again; these match its ALLOWED_FILES). */
export const DOCUMENT_TYPES: Record<NotaryDocumentKind, readonly string[]> = {
  certificate: ['application/pdf', 'image/jpeg', 'image/png'],
  photo: ['image/jpeg', 'image/png'],
  signature: ['image/png', 'image/jpeg'],
  seal: ['image/png', 'image/jpeg'],
};

const EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'image/jpeg': '.jpg,.jpeg',
  'image/png': '.png',
};

/** The `accept` attribute of the file picker. */
export const acceptOf = (kind: NotaryDocumentKind) =>
  DOCUMENT_TYPES[kind].flatMap((type) => [type, EXTENSIONS[type]]).join(',');

export type FileProblem = 'too_large' | 'wrong_type' | 'empty';

/**
 * A quick check before uploading, by the type the browser reports and the size. A file whose type the browser
 * does not know (empty string) is left to the server, which reads its content.
 */
export function checkDocumentFile(options: {
  kind: NotaryDocumentKind;
  file: { type: string; size: number };
}): FileProblem | null {
  const { file } = options;
  if (file.size === 0) return 'empty';
  if (file.size > MAX_UPLOAD_BYTES) return 'too_large';
  if (file.type !== '' && !DOCUMENT_TYPES[options.kind].includes(file.type)) return 'wrong_type';
  return null;
}
