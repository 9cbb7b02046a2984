import { istTimestamp } from './ist-clock';

/**
 * How one frame of the recording looks (the grid of participants with their names, and the IST clock), drawn the
 * same way on the page's canvas or on an OffscreenCanvas in the compositor's worker (compositor.worker.ts).
 */
export type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** A participant's current picture (a video element or a VideoFrame) and its size; null shows their initials. */
export type Picture = { source: CanvasImageSource; width: number; height: number };

export type FrameTile = { name: string; picture: Picture | null };

const BACKGROUND = '#101418';
const TILE_BACKGROUND = '#1c2228';

export function drawFrame(
  context: Context2D,
  tiles: FrameTile[],
  size: { width: number; height: number },
): void {
  const { width, height } = size;
  context.fillStyle = BACKGROUND;
  context.fillRect(0, 0, width, height);
  const cells = layoutGrid({ count: tiles.length, width, height });
  tiles.forEach((tile, i) => {
    const cell = cells[i];
    if (cell) drawTile(context, tile, cell);
  });
  drawClock(context, { width, height });
}

type Cell = { x: number; y: number; width: number; height: number };

/** 1 → full, 2 → 2×1, 3–4 → 2×2, 5–6 → 3×2, 7–9 → 3×3; a short last row is centred. */
function layoutGrid(options: { count: number; width: number; height: number }): Cell[] {
  const { count, width, height } = options;
  if (count === 0) return [];
  const columns = Math.ceil(Math.sqrt(count));
  const rows = Math.ceil(count / columns);
  const gap = 4;
  const cellWidth = (width - gap * (columns + 1)) / columns;
  const cellHeight = (height - gap * (rows + 1)) / rows;
  return Array.from({ length: count }, (_, i) => {
    const row = Math.floor(i / columns);
    const inRow = row === rows - 1 ? count - row * columns : columns;
    const offset = ((columns - inRow) * (cellWidth + gap)) / 2;
    return {
      x: gap + offset + (i % columns) * (cellWidth + gap),
      y: gap + row * (cellHeight + gap),
      width: cellWidth,
      height: cellHeight,
    };
  });
}

function drawTile(context: Context2D, tile: FrameTile, cell: Cell): void {
  context.fillStyle = TILE_BACKGROUND;
  context.fillRect(cell.x, cell.y, cell.width, cell.height);
  const { picture } = tile;
  if (picture && picture.width > 0 && picture.height > 0) {
    // Keep the aspect ratio; the tile's dark background letterboxes the rest.
    const scale = Math.min(cell.width / picture.width, cell.height / picture.height);
    const drawWidth = picture.width * scale;
    const drawHeight = picture.height * scale;
    context.drawImage(
      picture.source,
      cell.x + (cell.width - drawWidth) / 2,
      cell.y + (cell.height - drawHeight) / 2,
      drawWidth,
      drawHeight,
    );
  } else {
    drawInitials(context, tile.name, cell);
  }
  drawLabel(context, tile.name, cell);
}

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

function drawInitials(context: Context2D, name: string, cell: Cell): void {
  const radius = Math.min(cell.width, cell.height) * 0.18;
  const cx = cell.x + cell.width / 2;
  const cy = cell.y + cell.height / 2;
  context.fillStyle = '#3b4a5a';
  context.beginPath();
  context.arc(cx, cy, radius, 0, Math.PI * 2);
  context.fill();
  context.fillStyle = '#ffffff';
  context.font = `600 ${Math.round(radius * 0.8)}px system-ui, sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(initialsOf(name), cx, cy);
}

function drawLabel(context: Context2D, name: string, cell: Cell): void {
  const size = Math.max(12, Math.round(Math.min(cell.height * 0.05, 22)));
  const padding = Math.round(size * 0.5);
  context.font = `500 ${size}px system-ui, sans-serif`;
  context.textAlign = 'left';
  context.textBaseline = 'middle';
  const label = name.length > 40 ? `${name.slice(0, 39)}…` : name;
  const boxWidth = Math.min(context.measureText(label).width + padding * 2, cell.width - padding * 2);
  const boxHeight = size + padding;
  const x = cell.x + padding;
  const y = cell.y + cell.height - boxHeight - padding;
  context.fillStyle = 'rgba(0, 0, 0, 0.6)';
  context.fillRect(x, y, boxWidth, boxHeight);
  context.fillStyle = '#ffffff';
  context.fillText(label, x + padding, y + boxHeight / 2, boxWidth - padding * 2);
}

function drawClock(context: Context2D, canvas: { width: number; height: number }): void {
  const { width } = canvas;
  const size = Math.max(12, Math.round(canvas.height * 0.028));
  const padding = Math.round(size / 2);
  const text = istTimestamp(new Date());
  context.font = `600 ${size}px ui-monospace, monospace`;
  context.textAlign = 'right';
  context.textBaseline = 'middle';
  const boxWidth = context.measureText(text).width + padding * 2;
  const boxHeight = size + padding;
  const x = width - boxWidth - padding;
  const y = padding;
  context.fillStyle = 'rgba(0, 0, 0, 0.6)';
  context.fillRect(x, y, boxWidth, boxHeight);
  context.fillStyle = '#ffffff';
  context.fillText(text, width - padding * 2, y + boxHeight / 2);
}
