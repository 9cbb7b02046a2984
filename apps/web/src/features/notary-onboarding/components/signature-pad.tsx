import { Button, Group, Stack, Text } from '@mantine/core';
import { type PointerEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addInkPoint, cropOf, type InkBounds } from '../lib/ink-bounds';
import classes from './onboarding.module.css';

type Point = { x: number; y: number };

const INK = '#10206b';
/** Stroke width in CSS pixels. */
const STROKE = 2.5;
/** The exported PNG is drawn at this many pixels per CSS pixel, so it stays sharp when printed on a page. */
const EXPORT_SCALE = 3;
const MARGIN = 8;

function drawStrokes(options: { context: CanvasRenderingContext2D; strokes: Point[][]; scale: number }) {
  const { context, strokes, scale } = options;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.strokeStyle = INK;
  context.fillStyle = INK;
  context.lineWidth = STROKE * scale;
  for (const stroke of strokes) {
    const [first] = stroke;
    if (!first) continue;
    if (stroke.length === 1) {
      context.beginPath();
      context.arc(first.x * scale, first.y * scale, (STROKE * scale) / 2, 0, Math.PI * 2);
      context.fill();
      continue;
    }
    context.beginPath();
    context.moveTo(first.x * scale, first.y * scale);
    // Through the midpoints: smooth curves from the sampled points.
    for (let i = 1; i < stroke.length - 1; i += 1) {
      const p = stroke[i]!;
      const q = stroke[i + 1]!;
      context.quadraticCurveTo(
        p.x * scale,
        p.y * scale,
        ((p.x + q.x) / 2) * scale,
        ((p.y + q.y) / 2) * scale,
      );
    }
    const last = stroke[stroke.length - 1]!;
    context.lineTo(last.x * scale, last.y * scale);
    context.stroke();
  }
}

/**
 * Draw a signature with a mouse, pen or finger (pointer events, so all three work alike). "Use this signature"
 * hands over a PNG cropped to the ink, on a transparent background. Drawing is not possible by keyboard: the
 * upload beside it is the alternative, and the hint says so.
 */
export function SignaturePad(props: { onUse: (png: Blob) => void; isPending: boolean }) {
  const { t } = useTranslation('onboarding');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokesRef = useRef<Point[][]>([]);
  const activePointer = useRef<number | null>(null);
  const [hasInk, setHasInk] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const errorId = useId();

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const scale = canvas.width / Math.max(1, canvas.clientWidth);
    context.clearRect(0, 0, canvas.width, canvas.height);
    drawStrokes({ context, strokes: strokesRef.current, scale });
  }, []);

  // The backing store follows the element's size (and the screen's pixel density); strokes are kept in CSS pixels.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const fit = () => {
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.round(canvas.clientWidth * ratio);
      canvas.height = Math.round(canvas.clientHeight * ratio);
      redraw();
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [redraw]);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    try {
      // Keeps the stroke when the pointer leaves the pad mid-signature.
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A synthetic pointer cannot be captured; drawing still works.
    }
    activePointer.current = event.pointerId;
    strokesRef.current.push([pointOf(event)]);
    setHasInk(true);
    setError(null);
    redraw();
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (activePointer.current !== event.pointerId) return;
    const stroke = strokesRef.current.at(-1);
    if (!stroke) return;
    const rect = event.currentTarget.getBoundingClientRect();
    // Coalesced events keep fast strokes smooth where the browser batches them.
    const events = event.nativeEvent.getCoalescedEvents?.() ?? [event.nativeEvent];
    for (const e of events.length > 0 ? events : [event.nativeEvent])
      stroke.push({ x: e.clientX - rect.left, y: e.clientY - rect.top });
    redraw();
  };

  const onPointerEnd = (event: PointerEvent<HTMLCanvasElement>) => {
    if (activePointer.current === event.pointerId) activePointer.current = null;
  };

  const onClear = () => {
    strokesRef.current = [];
    setHasInk(false);
    setError(null);
    redraw();
  };

  const onUse = () => {
    const strokes = strokesRef.current;
    let bounds: InkBounds = null;
    for (const stroke of strokes)
      for (const p of stroke) bounds = addInkPoint({ bounds, x: p.x, y: p.y, width: STROKE });
    const source = canvasRef.current;
    if (!bounds || !source) {
      setError(t('signature.empty'));
      return;
    }
    const crop = cropOf({
      bounds,
      canvas: { width: source.clientWidth, height: source.clientHeight },
      margin: MARGIN,
    });
    const out = document.createElement('canvas');
    out.width = Math.round(crop.width * EXPORT_SCALE);
    out.height = Math.round(crop.height * EXPORT_SCALE);
    const context = out.getContext('2d');
    if (!context) return;
    context.translate(-crop.x * EXPORT_SCALE, -crop.y * EXPORT_SCALE);
    drawStrokes({ context, strokes, scale: EXPORT_SCALE });
    out.toBlob((blob) => {
      if (blob) props.onUse(blob);
    }, 'image/png');
  };

  return (
    <Stack gap="xs">
      <canvas
        ref={canvasRef}
        className={classes.pad}
        role="img"
        aria-label={t('signature.padLabel')}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        data-testid="signature-pad"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      />
      <Text size="sm" c="dimmed" id={hintId}>
        {t('signature.padHint')}
      </Text>
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" id={errorId} role="alert">
          {error}
        </Text>
      )}
      <Group gap="sm">
        <Button variant="default" onClick={onClear} disabled={!hasInk}>
          {t('signature.clear')}
        </Button>
        <Button onClick={onUse} loading={props.isPending} data-testid="signature-use">
          {t('signature.use')}
        </Button>
      </Group>
    </Stack>
  );
}
