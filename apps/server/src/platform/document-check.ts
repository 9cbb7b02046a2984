// Decides whether an uploaded file is a PDF we accept for notarisation, by its content (never its name or type).
//
// A hostile file must not be able to hurt the server, so pdf-lib never parses in the request's thread: each check
// runs in a short-lived worker with a heap limit and a deadline, and dies with whatever state pdf-lib accumulated
// (pdf-lib keeps every name and reference it ever saw in module-wide pools). The worker is document-check-worker.ts;
// this module does not load pdf-lib at all, so a server that has not checked a file yet has not paid for it.
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';

/**
 * Why a file was refused:
 * - `empty`: no bytes at all;
 * - `too_large`: over `maxBytes` (a caller may answer 413);
 * - `not_pdf`: no `%PDF-` header, e.g. a PNG or a Word file renamed `.pdf`;
 * - `damaged`: cut short, unreadable, an inconsistent page tree, or too complex to check within the limits;
 * - `appended_data`: bytes other than white space after the final `%%EOF` (a second file riding along: HTML, a
 *   script, an archive — a "polyglot" that another program would open as something else);
 * - `encrypted`: password-protected (the trailer has `/Encrypt`);
 * - `too_many_pages`: more than `maxPages`;
 * - `javascript`: active content of any kind: JavaScript, a `/Launch` action, or an XFA form
 *   (the message says which);
 * - `no_pages`: a well-formed PDF with an empty page tree.
 */
export type DocumentCheckReason =
  | 'empty'
  | 'not_pdf'
  | 'too_large'
  | 'damaged'
  | 'appended_data'
  | 'encrypted'
  | 'too_many_pages'
  | 'javascript'
  | 'no_pages';

export type DocumentCheckResult =
  | { ok: true; pages: number; sha256: string }
  | { ok: false; reason: DocumentCheckReason; message: string };

export type DocumentCheckOptions = {
  bytes: Buffer;
  maxBytes: number;
  maxPages: number;
  /** How long the parse may take before the file is refused as too complex. Tests shorten it. */
  timeoutMs?: number;
};

/** Generous for a real 25 MB PDF on a busy 2-core machine; a file that needs longer is not worth the risk. */
export const DOCUMENT_CHECK_TIMEOUT_MS = 15_000;

const WORKER_HEAP_MB = 512;
// ISO 32000-1 §7.5.2 leaves room before the header; readers look within 1 KB. After the end marker, only white
// space is accepted: readers tolerate more there, which is exactly where a second file hides.
const MARKER_WINDOW = 1024;
const MEBIBYTE = 1024 * 1024;

/**
 * Checks an uploaded document: cheap checks first (size, header, end marker and nothing after it), then a full parse in a worker.
 * Resolves `{ ok: false }` for every kind of bad input and never throws for one; it rejects only if the checker
 * itself cannot run (the worker fails to start), which is a server fault, not the user's.
 */
export async function checkDocument(options: DocumentCheckOptions): Promise<DocumentCheckResult> {
  const { bytes, maxBytes, maxPages } = options;
  if (bytes.length === 0) return refuse('empty');
  if (bytes.length > maxBytes) return refuse('too_large', { maxBytes });
  if (!bytes.subarray(0, MARKER_WINDOW).includes('%PDF-')) return refuse('not_pdf');
  if (!bytes.includes('%%EOF')) return refuse('damaged');
  if (hasBytesAfterFinalEof(bytes)) return refuse('appended_data');

  const finding = await inspectInWorker({ bytes, timeoutMs: options.timeoutMs ?? DOCUMENT_CHECK_TIMEOUT_MS });
  if (finding.kind !== 'readable') return refuse(finding.kind);
  if (finding.pages > maxPages) return refuse('too_many_pages', { pages: finding.pages, maxPages });
  return { ok: true, pages: finding.pages, sha256: createHash('sha256').update(bytes).digest('hex') };
}

// PDF white space (ISO 32000-1 §7.2.2): NUL, tab, line feed, form feed, carriage return, space.
const PDF_WHITE_SPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

/** Whether anything but white space follows the last `%%EOF`: a writer ends the file there. */
function hasBytesAfterFinalEof(bytes: Buffer): boolean {
  const end = bytes.lastIndexOf('%%EOF') + '%%EOF'.length;
  for (let index = end; index < bytes.length; index += 1) {
    if (!PDF_WHITE_SPACE.has(bytes[index] ?? 0)) return true;
  }
  return false;
}

export type Problem = DocumentCheckReason | 'too_complex' | 'launch' | 'xfa';

/** What the worker reports; the size and header checks never reach it, and the page limit is applied here. */
export type Finding =
  | { kind: 'readable'; pages: number }
  | { kind: Exclude<Problem, 'empty' | 'too_large' | 'not_pdf' | 'appended_data' | 'too_many_pages'> };

const REASONS: Record<Problem, DocumentCheckReason> = {
  empty: 'empty',
  too_large: 'too_large',
  not_pdf: 'not_pdf',
  damaged: 'damaged',
  appended_data: 'appended_data',
  too_complex: 'damaged',
  encrypted: 'encrypted',
  too_many_pages: 'too_many_pages',
  no_pages: 'no_pages',
  javascript: 'javascript',
  launch: 'javascript',
  xfa: 'javascript',
};

// Each message says what is wrong and what to do. "Print it to a new PDF" is the one fix that works everywhere:
// it drops passwords, scripts and form logic and keeps exactly what the page shows.
function refuse(
  problem: Problem,
  facts: { maxBytes?: number; pages?: number; maxPages?: number } = {},
): DocumentCheckResult {
  const messages: Record<Problem, () => string> = {
    empty: () => 'This file is empty. Choose the PDF of your document and upload it again.',
    too_large: () =>
      `This file is larger than ${describeMegabytes(facts.maxBytes ?? 0)}. Save a smaller PDF (for example, scan at a lower resolution) and upload that file.`,
    not_pdf: () => 'This file is not a PDF. Export or save your document as a PDF and upload that file.',
    damaged: () =>
      'This PDF is damaged or incomplete, so we cannot open it. Check that it opens on your device, save it again as a new PDF and upload that file.',
    appended_data: () =>
      'This PDF has other data attached after its end, which we do not accept. Save or print it again as a new PDF and upload that file.',
    too_complex: () =>
      'We could not check this PDF: it is unusually complex or partly damaged. Print it to a new PDF and upload that file.',
    encrypted: () =>
      'This PDF is password-protected. Remove the password (print it to a new PDF) and upload that file.',
    too_many_pages: () =>
      `This PDF has ${facts.pages} pages; the limit is ${facts.maxPages}. Upload a PDF with only the pages to be notarised.`,
    no_pages: () => 'This PDF has no pages. Check that you chose the right file and upload it again.',
    javascript: () =>
      'This PDF contains JavaScript, which we do not accept in documents for notarisation. Print it to a new PDF (this removes scripts) and upload that file.',
    launch: () =>
      'This PDF contains an action that opens other files or programs, which we do not accept. Print it to a new PDF and upload that file.',
    xfa: () =>
      'This PDF is a dynamic (XFA) form, which we do not accept. Fill it in, print it to a new PDF and upload that file.',
  };
  return { ok: false, reason: REASONS[problem], message: messages[problem]() };
}

function describeMegabytes(bytes: number): string {
  const megabytes = bytes / MEBIBYTE;
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
}

// A marker that no other worker's data carries: vitest itself may run this module inside a worker thread.
export const WORKER_MARKER = 'mohar:document-check';
export type WorkerRequest = { marker: typeof WORKER_MARKER; bytes: Uint8Array };

function inspectInWorker(options: { bytes: Buffer; timeoutMs: number }): Promise<Finding> {
  return new Promise((resolve, reject) => {
    const request: WorkerRequest = { marker: WORKER_MARKER, bytes: options.bytes };
    const worker = new Worker(new URL('./document-check-worker.ts', import.meta.url), {
      workerData: request,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let isSettled = false;
    const settle = (outcome: () => void) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => settle(() => resolve({ kind: 'too_complex' })), options.timeoutMs);
    worker.once('message', (finding: Finding) => settle(() => resolve(finding)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve({ kind: 'too_complex' }) : reject(error),
      ),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`The document check stopped unexpectedly (exit code ${code}).`))),
    );
  });
}
