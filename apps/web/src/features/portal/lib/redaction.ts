/** A rectangle in the image's own pixels (not the screen's). */
export type Box = { x: number; y: number; width: number; height: number };
export type Point = { x: number; y: number };
export type Size = { width: number; height: number };

/** Boxes smaller than this (image pixels, either side) are taken for a slip of the finger, not a mask. */
export const MIN_BOX_SIDE = 8;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The box dragged from `start` to `end` (either direction), kept inside the image, in whole pixels rounded outwards
 * so that a box never leaves a sliver of what it was drawn over uncovered. Null when too small to be meant.
 */
export function boxBetween(start: Point, end: Point, image: Size): Box | null {
  const left = Math.floor(clamp(Math.min(start.x, end.x), 0, image.width));
  const top = Math.floor(clamp(Math.min(start.y, end.y), 0, image.height));
  const right = Math.ceil(clamp(Math.max(start.x, end.x), 0, image.width));
  const bottom = Math.ceil(clamp(Math.max(start.y, end.y), 0, image.height));
  const box = { x: left, y: top, width: right - left, height: bottom - top };
  return box.width >= MIN_BOX_SIDE && box.height >= MIN_BOX_SIDE ? box : null;
}

/** A pointer position on the shown (scaled) image, in the image's own pixels. */
export function toImagePoint(
  pointer: { clientX: number; clientY: number },
  shown: { left: number; top: number; width: number; height: number },
  image: Size,
): Point {
  if (shown.width <= 0 || shown.height <= 0) return { x: 0, y: 0 };
  return {
    x: ((pointer.clientX - shown.left) / shown.width) * image.width,
    y: ((pointer.clientY - shown.top) / shown.height) * image.height,
  };
}

/**
 * The size to draw a photo at before it is sent: its longest side at most `maxEdge`, never enlarged. Phone cameras
 * take 12–50 megapixel photos; the server keeps at most 2400 px, so sending more only costs the signatory's data.
 */
export function fittedSize(image: Size, maxEdge: number): Size {
  const scale = Math.min(1, maxEdge / Math.max(image.width, image.height, 1));
  return {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
}

/** A box moved with the keyboard: arrow keys nudge, within the image. */
export function nudge(box: Box, dx: number, dy: number, image: Size): Box {
  return {
    ...box,
    x: clamp(box.x + dx, 0, image.width - box.width),
    y: clamp(box.y + dy, 0, image.height - box.height),
  };
}
