import { Button, Text } from '@mantine/core';
import { Eraser } from 'lucide-react';
import {
  type PointerEvent as ReactPointerEvent,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { hasEnoughInk, pixelsOf, SIGNATURE_INK, trimmedSignature } from '../lib/signature-image';
import classes from './signing.module.css';

export type SignaturePadHandle = {
  /** The drawing as a PNG, cut to the ink plus a margin, at most 1200 × 400; null while there is not enough ink. */
  toBlob: () => Promise<Blob | null>;
  clear: () => void;
  hasInk: () => boolean;
};

/** A point in units of the pad's width, so a drawing survives the pad being resized (a phone turned sideways). */
type Point = { x: number; y: number };

/** The pen, in CSS pixels; drawn at the device's pixel ratio, so it looks the same on every screen. */
const STROKE_WIDTH = 2.5;
/** A tremor under half a CSS pixel adds nothing but points. */
const MIN_STEP = 0.5;
/** Transparent margin kept around the ink in the exported image, in CSS pixels. */
const EXPORT_PADDING = 8;

const mid = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

function setPen(context: CanvasRenderingContext2D) {
  context.strokeStyle = SIGNATURE_INK;
  context.fillStyle = SIGNATURE_INK;
  context.lineWidth = STROKE_WIDTH;
  context.lineCap = 'round';
  context.lineJoin = 'round';
}

/**
 * One stroke, smoothed: quadratic curves from midpoint to midpoint with each recorded point as the control point, so
 * the line passes near every sample without the corners a polyline has. A tap is a dot.
 */
function drawStroke(context: CanvasRenderingContext2D, stroke: Point[], scale: number) {
  const points = stroke.map((p) => ({ x: p.x * scale, y: p.y * scale }));
  const [first] = points;
  if (!first) return;
  if (points.length === 1) {
    context.beginPath();
    context.arc(first.x, first.y, STROKE_WIDTH / 2, 0, Math.PI * 2);
    context.fill();
    return;
  }
  context.beginPath();
  context.moveTo(first.x, first.y);
  for (let i = 1; i < points.length - 1; i += 1) {
    const control = points[i]!;
    const end = mid(control, points[i + 1]!);
    context.quadraticCurveTo(control.x, control.y, end.x, end.y);
  }
  const last = points[points.length - 1]!;
  context.lineTo(last.x, last.y);
  context.stroke();
}

/**
 * The pad for a drawn signature: a canvas drawn with Pointer Events (mouse, finger, stylus alike), white paper in
 * both colour schemes so the dark ink always shows and always counts as ink on the server. `touch-action: none`
 * keeps iOS Safari and Android from scrolling the page while a finger draws.
 */
export function SignaturePad(props: {
  ref?: Ref<SignaturePadHandle>;
  /** Whether there is now enough ink to sign with, after each stroke and after Clear. */
  onChange?: (hasInk: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('call-signing');
  const hintId = useId();
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const strokesRef = useRef<Point[][]>([]);
  const activeRef = useRef<{ pointerId: number; rect: DOMRect; stroke: Point[] } | null>(null);
  const sizeRef = useRef({ width: 0, height: 0, ratio: 1 });
  const hasInkRef = useRef(false);
  const [isEmpty, setIsEmpty] = useState(true);
  const { onChange, disabled } = props;

  const contextOf = useCallback(
    () => canvasRef.current?.getContext('2d', { willReadFrequently: true }) ?? null,
    [],
  );

  const redraw = useCallback(() => {
    const context = contextOf();
    const { width, height, ratio } = sizeRef.current;
    if (!context || width === 0) return;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, Math.round(width * ratio), Math.round(height * ratio));
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    setPen(context);
    for (const stroke of strokesRef.current) drawStroke(context, stroke, width);
  }, [contextOf]);

  const report = useCallback(() => {
    const canvas = canvasRef.current;
    const hasInk = canvas !== null && strokesRef.current.length > 0 && hasEnoughInk(pixelsOf(canvas));
    hasInkRef.current = hasInk;
    setIsEmpty(strokesRef.current.length === 0);
    onChange?.(hasInk);
  }, [onChange]);

  const clear = useCallback(() => {
    strokesRef.current = [];
    activeRef.current = null;
    redraw();
    report();
  }, [redraw, report]);

  useImperativeHandle(
    props.ref,
    () => ({
      toBlob: async () => {
        const canvas = canvasRef.current;
        if (!canvas || strokesRef.current.length === 0) return null;
        return trimmedSignature(canvas, { padding: Math.round(EXPORT_PADDING * sizeRef.current.ratio) });
      },
      clear,
      hasInk: () => hasInkRef.current,
    }),
    [clear],
  );

  // The backing store follows the element's size at the device's pixel ratio; the strokes are drawn again after.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const resize = (force: boolean) => {
      const rect = canvas.getBoundingClientRect();
      const ratio = Math.min(3, window.devicePixelRatio || 1);
      const current = sizeRef.current;
      if (rect.width === 0 || rect.height === 0) return;
      const isSame =
        current.width === rect.width && current.height === rect.height && current.ratio === ratio;
      if (isSame && !force) return;
      if (!isSame) {
        sizeRef.current = { width: rect.width, height: rect.height, ratio };
        canvas.width = Math.round(rect.width * ratio);
        canvas.height = Math.round(rect.height * ratio);
      }
      redraw();
    };
    // Also when a hidden tab comes back: its canvas may have been kept without its pixels.
    resize(true);
    const observer = new ResizeObserver(() => resize(false));
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [redraw]);

  const pointOf = (event: { clientX: number; clientY: number }, rect: DOMRect): Point => ({
    x: (event.clientX - rect.left) / rect.width,
    y: (event.clientY - rect.top) / rect.width,
  });

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (disabled || activeRef.current) return;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    const canvas = event.currentTarget;
    canvas.setPointerCapture(event.pointerId);
    const rect = canvas.getBoundingClientRect();
    const stroke = [pointOf(event, rect)];
    activeRef.current = { pointerId: event.pointerId, rect, stroke };
    strokesRef.current.push(stroke);
    const context = contextOf();
    if (context) {
      setPen(context);
      drawStroke(context, stroke, sizeRef.current.width);
    }
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const active = activeRef.current;
    if (!active || active.pointerId !== event.pointerId) return;
    event.preventDefault();
    const context = contextOf();
    if (!context) return;
    const scale = sizeRef.current.width;
    // Between two frames a fast pen reports several positions; without them curves turn into straight segments.
    const samples = event.nativeEvent.getCoalescedEvents?.() ?? [];
    setPen(context);
    for (const sample of samples.length > 0 ? samples : [event.nativeEvent]) {
      const point = pointOf(sample, active.rect);
      const { stroke } = active;
      const last = stroke[stroke.length - 1]!;
      if (Math.hypot(point.x - last.x, point.y - last.y) * scale < MIN_STEP) continue;
      stroke.push(point);
      // The newest piece only: from the midpoint before the previous point, curving through it, to the next midpoint.
      const n = stroke.length;
      const before = stroke[n - 3];
      const control = stroke[n - 2]!;
      const start = before ? mid(before, control) : control;
      const end = mid(control, point);
      context.beginPath();
      context.moveTo(start.x * scale, start.y * scale);
      context.quadraticCurveTo(control.x * scale, control.y * scale, end.x * scale, end.y * scale);
      context.stroke();
    }
  };

  const onPointerEnd = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const active = activeRef.current;
    if (!active || active.pointerId !== event.pointerId) return;
    activeRef.current = null;
    const { stroke } = active;
    const context = contextOf();
    const scale = sizeRef.current.width;
    if (context && stroke.length > 1) {
      const control = stroke[stroke.length - 2]!;
      const last = stroke[stroke.length - 1]!;
      const start = mid(control, last);
      setPen(context);
      context.beginPath();
      context.moveTo(start.x * scale, start.y * scale);
      context.lineTo(last.x * scale, last.y * scale);
      context.stroke();
    }
    report();
  };

  return (
    <div className={classes.padBlock}>
      <div className={classes.padHeader}>
        <Text component="p" fw={500} size="sm">
          {t('dialog.draw.label')}
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<Eraser size={14} aria-hidden="true" />}
          onClick={clear}
          disabled={disabled}
          data-testid="signature-clear"
        >
          {t('dialog.draw.clear')}
        </Button>
      </div>
      <Text component="p" id={hintId} size="xs" c="dimmed">
        {t('dialog.draw.hint')}
      </Text>
      <div className={classes.paper} data-disabled={disabled || undefined}>
        <canvas
          ref={canvasRef}
          className={classes.pad}
          role="img"
          aria-label={t('dialog.draw.padLabel')}
          aria-describedby={hintId}
          data-empty={isEmpty}
          data-testid="signature-pad"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onLostPointerCapture={onPointerEnd}
          onContextMenu={(event) => event.preventDefault()}
        />
        <div className={classes.baseline} aria-hidden="true">
          <span>{t('dialog.draw.baseline')}</span>
        </div>
      </div>
    </div>
  );
}
