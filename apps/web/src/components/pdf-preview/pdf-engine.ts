// Loaded only through `import('./pdf-engine')` (see pdf-preview.tsx): pdf.js and its worker stay out of every
// bundle but the one that shows a PDF.
import {
  GlobalWorkerOptions,
  getDocument,
  type PDFDocumentProxy,
  PDFWorker,
  VerbosityLevel,
} from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { BundledDataFactory } from './pdf-assets';
import type { PageSize } from './pdf-layout';

// The worker is our own bundled file, served from this origin (script-src 'self'), never a CDN.
GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfDocument = PDFDocumentProxy;

/**
 * One worker for every document the page opens: a new version of a file (each signature in the call) would
 * otherwise start a worker and compile its 1 MB script again, on a main thread that is already busy with video.
 * Closing a document leaves a worker it was given running.
 */
let sharedWorker: PDFWorker | null = null;
const pdfWorker = () => {
  if (!sharedWorker || sharedWorker.destroyed)
    sharedWorker = new PDFWorker({ verbosity: VerbosityLevel.ERRORS });
  return sharedWorker;
};

export type OpenedPdf = { promise: Promise<PdfDocument>; destroy: () => Promise<void> };

/**
 * Opens a PDF from its bytes for drawing on canvas only: no text layer, no annotation layer, no scripts, no forms.
 * Security: pdf.js 6 has no `eval`/`new Function` code path left, so its `isEvalSupported` option (the mitigation
 * for CVE-2024-4367 in older versions) no longer exists; the page's CSP refuses `eval` as well. Nothing is fetched from the document: data
 * files come from our bundle through `BundledDataFactory`, and the worker is told not to fetch by itself.
 */
export function openPdf(data: Uint8Array, options: { password?: string } = {}): OpenedPdf {
  const task = getDocument({
    data,
    worker: pdfWorker(),
    ...(options.password ? { password: options.password } : {}),
    useWorkerFetch: false,
    BinaryDataFactory: BundledDataFactory,
    useSystemFonts: false,
    enableXfa: false,
    disableWorkerRendering: true,
    verbosity: VerbosityLevel.ERRORS,
  });
  return { promise: task.promise, destroy: () => task.destroy() };
}

/** Every page's size at scale 1 (after its own rotation), so each page gets its box before it is drawn. */
export async function readPageSizes(doc: PdfDocument): Promise<PageSize[]> {
  const numbers = Array.from({ length: doc.numPages }, (_, index) => index + 1);
  return Promise.all(
    numbers.map(async (number) => {
      const viewport = (await doc.getPage(number)).getViewport({ scale: 1 });
      return { width: viewport.width, height: viewport.height };
    }),
  );
}
