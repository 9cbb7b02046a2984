/** The box around everything drawn on the signature pad, in canvas pixels; null while nothing is drawn. */
export type InkBounds = { minX: number; minY: number; maxX: number; maxY: number } | null;

/** Grows the box to take in a point of a stroke `width` pixels wide. */
export function addInkPoint(options: { bounds: InkBounds; x: number; y: number; width: number }): InkBounds {
  const { bounds, x, y } = options;
  const r = options.width / 2;
  if (!bounds) return { minX: x - r, minY: y - r, maxX: x + r, maxY: y + r };
  return {
    minX: Math.min(bounds.minX, x - r),
    minY: Math.min(bounds.minY, y - r),
    maxX: Math.max(bounds.maxX, x + r),
    maxY: Math.max(bounds.maxY, y + r),
  };
}

/**
 * The part of the canvas the exported signature keeps: the ink with a margin, inside the canvas, in whole
 * pixels. A specimen cropped to the ink sits well on a document whatever size the pad was.
 */
export function cropOf(options: {
  bounds: NonNullable<InkBounds>;
  canvas: { width: number; height: number };
  margin: number;
}): { x: number; y: number; width: number; height: number } {
  const { bounds, canvas, margin } = options;
  const x = Math.max(0, Math.floor(bounds.minX - margin));
  const y = Math.max(0, Math.floor(bounds.minY - margin));
  const right = Math.min(canvas.width, Math.ceil(bounds.maxX + margin));
  const bottom = Math.min(canvas.height, Math.ceil(bounds.maxY + margin));
  return { x, y, width: Math.max(1, right - x), height: Math.max(1, bottom - y) };
}
