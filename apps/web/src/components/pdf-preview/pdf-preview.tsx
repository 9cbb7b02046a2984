import { Alert, Group, Loader, Text } from '@mantine/core';
import { FileWarning } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpenedPdf, PdfDocument } from './pdf-engine';
import { nextPageKeys, type PageSize, renderWidthOf } from './pdf-layout';
import { PdfPage } from './pdf-page';
import classes from './pdf-preview.module.css';

/** Widest a page is drawn: wider makes an A4 page taller than any screen without making it easier to read. */
const MAX_PAGE_WIDTH = 860;
/** Pages are redrawn for a new width once the layout has stopped changing (dragging a window edge). */
const RESIZE_SETTLE_MS = 150;

type LoadState =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'ready'; doc: PdfDocument; pages: PageSize[]; keys: number[]; file: Blob };

/** The width of `element`'s content box, in whole pixels: the first measurement at once, later ones once settled. */
function useSettledWidth(element: HTMLElement | null) {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    let timer: number | undefined;
    const observer = new ResizeObserver((entries) => {
      const next = renderWidthOf(entries[0]?.contentRect.width ?? 0);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setWidth(next), RESIZE_SETTLE_MS);
      setWidth((current) => (current === 0 ? next : current));
    });
    observer.observe(element);
    return () => {
      window.clearTimeout(timer);
      observer.disconnect();
    };
  }, [element]);
  return width;
}

/**
 * Opens `file` with pdf.js (loaded on first use) and reads its page sizes. A new file replaces the one shown only
 * once it is open (no blank "Loading" in between), and each page keeps its picture unless `changedPages` says it
 * changed (`nextPageKeys`); a document is closed once its successor is on screen, or on unmount.
 */
function usePdf(options: {
  file: Blob | null;
  changedPages: readonly number[] | null | undefined;
  onPageCount: ((count: number) => void) | undefined;
  onShown: ((file: Blob) => void) | undefined;
}): LoadState {
  const { file } = options;
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const current = useRef<{ opened: OpenedPdf; keys: number[] } | null>(null);
  const retired = useRef<OpenedPdf[]>([]);

  useEffect(() => {
    if (!file) {
      if (current.current) retired.current.push(current.current.opened);
      current.current = null;
      setState({ kind: 'loading' });
      return;
    }
    let isStale = false;
    let opened: OpenedPdf | null = null;
    const load = async () => {
      // pdf.js is about 1.7 MB with its worker: it is fetched only when a PDF is first shown.
      const [engine, bytes] = await Promise.all([import('./pdf-engine'), file.arrayBuffer()]);
      if (isStale) return;
      opened = engine.openPdf(new Uint8Array(bytes));
      const doc = await opened.promise;
      const pages = await engine.readPageSizes(doc);
      if (isStale) return;
      const before = current.current;
      const keys = nextPageKeys({
        previous: before?.keys ?? [],
        pageCount: pages.length,
        changedPages: before ? (latest.current.changedPages ?? null) : null,
      });
      if (before) retired.current.push(before.opened);
      current.current = { opened, keys };
      opened = null;
      setState({ kind: 'ready', doc, pages, keys, file });
      latest.current.onPageCount?.(doc.numPages);
    };
    load().catch(() => {
      if (!isStale) setState({ kind: 'failed' });
    });
    return () => {
      isStale = true;
      void opened?.destroy();
    };
  }, [file]);

  // After the pages have taken the new document (their effects run before this one), the old one is closed.
  useEffect(() => {
    for (const old of retired.current) void old.destroy();
    retired.current = [];
    if (state.kind === 'ready') latest.current.onShown?.(state.file);
  }, [state]);

  useEffect(
    () => () => {
      for (const old of retired.current) void old.destroy();
      void current.current?.opened.destroy();
      current.current = null;
    },
    [],
  );
  return state;
}

/**
 * Every page of a PDF, drawn lazily as it scrolls into view, in a scroll box of at most `maxHeight` that fits its
 * container's width. `file: null` shows the loading state (the caller is still fetching it). The box is a
 * keyboard-scrollable region named by `label`; each drawn page is `role="img"` named "Page N" with
 * `data-testid="pdf-page"`. Texts come from the `applications` namespace.
 */
export function PdfPreview(props: {
  file: Blob | null;
  label: string;
  maxHeight?: number | string;
  onPageCount?(count: number): void;
  /** The second sentence of the failure message; by default "Your file is not affected. You can still continue." */
  failureHint?: string;
  /**
   * Something drawn over each page (signature boxes), absolutely positioned in the page's own box and redrawn with
   * it. `pageIndex` counts from 0; `cssWidth` is the page's drawn width in CSS pixels, so one PDF point (after the
   * page's own rotation) is `cssWidth / width at scale 1` pixels. Not called until the preview has been measured.
   */
  renderOverlay?: (pageIndex: number, cssWidth: number) => ReactNode;
  /**
   * When `file` is a new version of the file shown: the pages (from 0) that differ from it. The others keep their
   * picture; without it every page is drawn again.
   */
  changedPages?: readonly number[] | null;
  /** The new `file` replaced the one on screen (its changed pages in view are drawn right after). */
  onShown?(file: Blob): void;
}) {
  const { t } = useTranslation('applications');
  const state = usePdf({
    file: props.file,
    changedPages: props.changedPages,
    onPageCount: props.onPageCount,
    onShown: props.onShown,
  });
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [column, setColumn] = useState<HTMLDivElement | null>(null);
  const width = useSettledWidth(column);
  const maxHeight = props.maxHeight ?? '75vh';

  if (state.kind === 'failed') {
    return (
      <Alert
        color="yellow"
        variant="light"
        role="status"
        icon={<FileWarning size={18} aria-hidden="true" />}
        title={t('pdfPreview.failed')}
        data-testid="pdf-preview-failed"
      >
        {props.failureHint ?? t('pdfPreview.failedHint')}
      </Alert>
    );
  }

  return (
    // A named <section> is a region.
    <section
      ref={setViewport}
      className={classes.viewport}
      style={{ maxHeight }}
      aria-label={props.label}
      aria-busy={state.kind === 'loading'}
      // A scrolling region must be reachable by keyboard to be scrolled (arrow keys).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
      tabIndex={0}
      data-testid="pdf-preview"
    >
      <div ref={setColumn} className={classes.column} style={{ maxWidth: MAX_PAGE_WIDTH }}>
        {state.kind === 'loading' ? (
          <Group className={classes.status} gap="sm" role="status">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm">{t('pdfPreview.loading')}</Text>
          </Group>
        ) : (
          state.pages.map((size, index) => {
            const page = index + 1;
            return (
              <PdfPage
                key={page}
                doc={state.doc}
                pageNumber={page}
                contentKey={state.keys[index] ?? 0}
                size={size}
                renderWidth={width}
                root={viewport}
                label={t('pdfPreview.page', { page })}
                caption={t('pdfPreview.pageOf', { page, count: state.pages.length })}
                failedText={t('pdfPreview.pageFailed')}
                renderOverlay={props.renderOverlay}
              />
            );
          })
        )}
      </div>
    </section>
  );
}
