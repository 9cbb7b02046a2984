import { Text } from '@mantine/core';
import type { RenderTask } from 'pdfjs-dist';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { PdfDocument } from './pdf-engine';
import { canvasSizeFor, KEEP_ROOT_MARGIN, NEAR_ROOT_MARGIN, type PageSize } from './pdf-layout';
import classes from './pdf-preview.module.css';

/** Whether `target` is within `rootMargin` of the visible part of `root` (the preview's scroll box). */
function useIsWithin(options: { target: Element | null; root: Element | null; rootMargin: string }) {
  const { target, root, rootMargin } = options;
  const [isWithin, setIsWithin] = useState(false);
  useEffect(() => {
    if (!target || !root) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) setIsWithin(entry.isIntersecting);
      },
      { root, rootMargin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [target, root, rootMargin]);
  return isWithin;
}

const isCancelledRender = (error: unknown) =>
  error instanceof Error && error.name === 'RenderingCancelledException';

/**
 * One page: a box of the page's proportions at once, drawn on a canvas only when it scrolls near the visible
 * part of the preview, and its canvas freed again when it is far away (a 100-page PDF must not hold 100 bitmaps).
 */
export function PdfPage(props: {
  doc: PdfDocument;
  pageNumber: number;
  /** Changes when the page's content changed (a new version of the file): the page is drawn again. */
  contentKey: number;
  size: PageSize;
  /** CSS pixels the page is drawn at (0 until the preview has been measured). */
  renderWidth: number;
  root: HTMLElement | null;
  label: string;
  caption: string;
  failedText: string;
  /** Drawn over the page, in the page's own box; see PdfPreview's `renderOverlay`. */
  renderOverlay?: (pageIndex: number, cssWidth: number) => ReactNode;
}) {
  const { doc, pageNumber, size, renderWidth, contentKey } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [sheet, setSheet] = useState<HTMLDivElement | null>(null);
  const isNear = useIsWithin({ target: sheet, root: props.root, rootMargin: NEAR_ROOT_MARGIN });
  const isKept = useIsWithin({ target: sheet, root: props.root, rootMargin: KEEP_ROOT_MARGIN });
  /** The width the canvas currently shows the page at; 0 when nothing is drawn. */
  const [drawnWidth, setDrawnWidth] = useState(0);
  /** The content the canvas shows; a new document whose page did not change keeps the picture (no redraw). */
  const [drawnKey, setDrawnKey] = useState(contentKey);
  const [hasFailed, setHasFailed] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !isNear || hasFailed || renderWidth <= 0) return;
    if (drawnWidth === renderWidth && drawnKey === contentKey) return;
    let task: RenderTask | null = null;
    let isStale = false;
    const draw = async () => {
      const page = await doc.getPage(pageNumber);
      if (isStale) return;
      const target = canvasSizeFor({
        page: size,
        cssWidth: renderWidth,
        pixelRatio: window.devicePixelRatio,
      });
      // A redraw (a new width, a new version of the page) goes to a scratch canvas first, so the old picture stays
      // until the new one is ready.
      const into = drawnWidth === 0 ? canvas : document.createElement('canvas');
      into.width = target.pixelWidth;
      into.height = target.pixelHeight;
      task = page.render({ canvas: into, viewport: page.getViewport({ scale: target.scale }) });
      await task.promise;
      if (isStale) return;
      if (into !== canvas) {
        canvas.width = target.pixelWidth;
        canvas.height = target.pixelHeight;
        canvas.getContext('2d')?.drawImage(into, 0, 0);
        into.width = 0;
        into.height = 0;
      }
      setDrawnWidth(renderWidth);
      setDrawnKey(contentKey);
    };
    draw().catch((error: unknown) => {
      if (!isStale && !isCancelledRender(error)) setHasFailed(true);
    });
    return () => {
      isStale = true;
      task?.cancel();
    };
  }, [doc, pageNumber, size, renderWidth, isNear, drawnWidth, hasFailed, contentKey, drawnKey]);

  useEffect(() => {
    if (isNear || isKept || drawnWidth === 0) return;
    const canvas = canvasRef.current;
    if (canvas) {
      canvas.width = 0;
      canvas.height = 0;
    }
    setDrawnWidth(0);
    // Lets the worker drop the page's decoded images and fonts; it is parsed again if it comes back into view.
    void doc.getPage(pageNumber).then(
      (page) => page.cleanup(),
      () => undefined,
    );
  }, [doc, pageNumber, isNear, isKept, drawnWidth]);

  const isDrawn = drawnWidth > 0;
  return (
    <div data-page-number={pageNumber}>
      <div
        ref={setSheet}
        className={classes.sheet}
        style={{ aspectRatio: `${size.width} / ${size.height}` }}
        data-drawn={isDrawn}
      >
        <canvas
          ref={canvasRef}
          className={classes.canvas}
          role="img"
          aria-label={props.label}
          data-testid={isDrawn ? 'pdf-page' : undefined}
        />
        {props.renderOverlay && renderWidth > 0 && (
          <div className={classes.overlay}>{props.renderOverlay(pageNumber - 1, renderWidth)}</div>
        )}
        {hasFailed && (
          <Text size="sm" className={classes.pageFailed}>
            {props.failedText}
          </Text>
        )}
      </div>
      <Text size="xs" c="dimmed" className={classes.caption}>
        {props.caption}
      </Text>
    </div>
  );
}
