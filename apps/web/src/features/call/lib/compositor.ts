import { istTimestamp } from './ist-clock';

/**
 * One recordable stream of the whole call: every participant's video in a grid on a canvas, with names and an
 * IST clock burnt in (the recording is evidence of who was there and when), and every participant's audio mixed
 * into one track. Both tracks exist from the start and never change, because MediaRecorder cannot take tracks
 * added later; participants come and go through `setSources` instead.
 */
export type CompositorSource = { id: string; name: string; stream: MediaStream | null };

export interface Compositor {
  stream: MediaStream;
  /** Every participant, the notary included, in tile order; call again on each change. */
  setSources(sources: CompositorSource[]): void;
  stop(): void;
}

type Tile = {
  name: string;
  stream: MediaStream | null;
  video: HTMLVideoElement | null;
  /** Audio track id → its node in the mix. */
  audio: Map<string, MediaStreamAudioSourceNode>;
  onTracksChanged: () => void;
};

const BACKGROUND = '#101418';
const TILE_BACKGROUND = '#1c2228';

export function createCompositor(
  options: { width?: number; height?: number; fps?: number } = {},
): Compositor {
  const width = options.width ?? 1280;
  const height = options.height ?? 720;
  const fps = options.fps ?? 15;

  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = context2d(canvas);

  // Never connected to `audio.destination`: the mix goes only into the recording, not to the speakers.
  const audio = new AudioContext();
  void audio.resume().catch(() => {});
  const mix = audio.createMediaStreamDestination();

  const videoTrack = canvas.captureStream(fps).getVideoTracks()[0];
  const audioTrack = mix.stream.getAudioTracks()[0];
  const stream = new MediaStream([videoTrack, audioTrack].filter((track) => track !== undefined));

  const tiles = new Map<string, Tile>();
  let order: string[] = [];

  function syncAudio(tile: Tile): void {
    const live = new Map((tile.stream?.getAudioTracks() ?? []).map((track) => [track.id, track]));
    for (const [id, node] of tile.audio) {
      if (live.has(id)) continue;
      node.disconnect();
      tile.audio.delete(id);
    }
    for (const [id, track] of live) {
      if (tile.audio.has(id)) continue;
      // One node per track: createMediaStreamSource on a whole stream would take only its first audio track.
      const node = audio.createMediaStreamSource(new MediaStream([track]));
      node.connect(mix);
      tile.audio.set(id, node);
    }
  }

  function createTile(source: CompositorSource): Tile {
    const tile: Tile = {
      name: source.name,
      stream: source.stream,
      video: null,
      audio: new Map(),
      onTracksChanged: () => syncAudio(tile),
    };
    if (source.stream) {
      // Chrome only lets a remote WebRTC stream's audio into Web Audio while the stream is also attached to a
      // media element; this element (muted, never shown) provides the frames and satisfies that too.
      const video = document.createElement('video');
      video.muted = true;
      video.playsInline = true;
      video.autoplay = true;
      video.srcObject = source.stream;
      void video.play().catch(() => {});
      tile.video = video;
      source.stream.addEventListener('addtrack', tile.onTracksChanged);
      source.stream.addEventListener('removetrack', tile.onTracksChanged);
    }
    syncAudio(tile);
    return tile;
  }

  function removeTile(tile: Tile): void {
    for (const node of tile.audio.values()) node.disconnect();
    tile.audio.clear();
    tile.stream?.removeEventListener('addtrack', tile.onTracksChanged);
    tile.stream?.removeEventListener('removetrack', tile.onTracksChanged);
    if (tile.video) {
      tile.video.pause();
      tile.video.srcObject = null;
    }
  }

  function setSources(sources: CompositorSource[]): void {
    // A context made before the page had a user gesture starts suspended (silent); by the time participants
    // change, the notary has clicked something.
    if (audio.state === 'suspended') void audio.resume().catch(() => {});
    const wanted = new Set(sources.map((source) => source.id));
    for (const [id, tile] of tiles) {
      if (wanted.has(id)) continue;
      removeTile(tile);
      tiles.delete(id);
    }
    for (const source of sources) {
      const tile = tiles.get(source.id);
      if (tile && tile.stream === source.stream) {
        tile.name = source.name;
        syncAudio(tile);
        continue;
      }
      if (tile) removeTile(tile);
      tiles.set(source.id, createTile(source));
    }
    order = sources.map((source) => source.id);
  }

  function draw(): void {
    context.fillStyle = BACKGROUND;
    context.fillRect(0, 0, width, height);
    const shown = order.map((id) => tiles.get(id)).filter((tile) => tile !== undefined);
    const cells = layoutGrid({ count: shown.length, width, height });
    shown.forEach((tile, i) => {
      const cell = cells[i];
      if (cell) drawTile(context, tile, cell);
    });
    drawClock(context, { width, height });
  }

  // A timer, not requestAnimationFrame: rAF stops in a background tab and the recording would freeze.
  const timer = window.setInterval(draw, Math.round(1000 / fps));
  draw();

  let isStopped = false;
  return {
    stream,
    setSources,
    stop() {
      if (isStopped) return;
      isStopped = true;
      window.clearInterval(timer);
      for (const tile of tiles.values()) removeTile(tile);
      tiles.clear();
      for (const track of stream.getTracks()) track.stop();
      mix.disconnect();
      void audio.close().catch(() => {});
    },
  };
}

function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  // Opaque: every pixel is painted each frame, and a canvas without alpha is cheaper to draw into and capture (the
  // compositor is the busiest work on the notary's page; decision 0020).
  const context = canvas.getContext('2d', { alpha: false });
  if (!context) throw new Error('This browser cannot draw the call for recording.');
  return context;
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

function hasPicture(tile: Tile): tile is Tile & { video: HTMLVideoElement } {
  const { video, stream } = tile;
  if (!video || !stream || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0)
    return false;
  // A camera switched off still leaves a track; muted (no frames arriving) or disabled means no picture.
  return stream
    .getVideoTracks()
    .some((track) => track.readyState === 'live' && track.enabled && !track.muted);
}

function drawTile(context: CanvasRenderingContext2D, tile: Tile, cell: Cell): void {
  context.fillStyle = TILE_BACKGROUND;
  context.fillRect(cell.x, cell.y, cell.width, cell.height);
  if (hasPicture(tile)) {
    const { video } = tile;
    // Keep the aspect ratio; the tile's dark background letterboxes the rest.
    const scale = Math.min(cell.width / video.videoWidth, cell.height / video.videoHeight);
    const drawWidth = video.videoWidth * scale;
    const drawHeight = video.videoHeight * scale;
    context.drawImage(
      video,
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

function drawInitials(context: CanvasRenderingContext2D, name: string, cell: Cell): void {
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

function drawLabel(context: CanvasRenderingContext2D, name: string, cell: Cell): void {
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

function drawClock(context: CanvasRenderingContext2D, canvas: { width: number; height: number }): void {
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
