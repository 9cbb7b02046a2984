import { drawFrame, type FrameTile } from './compositor-draw';

/**
 * The recording's picture, drawn off the notary's main thread (decision 0020): the page hands over the canvas it
 * captures (transferControlToOffscreen) and, per participant, the stream of their camera's frames
 * (MediaStreamTrackProcessor). This worker keeps each participant's latest frame and draws the grid, the names and
 * the IST clock at the recording's rate, as the page did before.
 */
export type CompositorMessage =
  | { kind: 'start'; canvas: OffscreenCanvas; fps: number }
  /** A participant's frames (a new camera replaces the old stream); without `frames`, no picture. */
  | { kind: 'frames'; id: string; frames: ReadableStream<VideoFrame> | null }
  /** Who is shown, in tile order, with their names, and whether each has a picture now (camera on, frames coming). */
  | { kind: 'tiles'; tiles: Array<{ id: string; name: string; isShowing: boolean }> }
  | { kind: 'stop' };

type Source = { frame: VideoFrame | null; reader: ReadableStreamDefaultReader<VideoFrame> | null };

const sources = new Map<string, Source>();
let shown: Array<{ id: string; name: string; isShowing: boolean }> = [];
let context: OffscreenCanvasRenderingContext2D | null = null;
let canvas: OffscreenCanvas | null = null;
let timer: ReturnType<typeof setInterval> | undefined;

function release(source: Source): void {
  void source.reader?.cancel().catch(() => undefined);
  source.frame?.close();
  source.frame = null;
  source.reader = null;
}

/** Keeps only the newest frame: older ones are closed at once (each holds a video buffer). */
async function follow(id: string, source: Source, frames: ReadableStream<VideoFrame>): Promise<void> {
  const reader = frames.getReader();
  source.reader = reader;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done || source.reader !== reader) {
        value?.close();
        return;
      }
      source.frame?.close();
      source.frame = value;
    }
  } catch {
    // The track ended or was replaced: the tile shows initials until new frames come.
  } finally {
    if (sources.get(id) === source && source.reader === reader) source.reader = null;
  }
}

function draw(): void {
  if (!context || !canvas) return;
  const tiles: FrameTile[] = shown.map((tile) => {
    const frame = tile.isShowing ? (sources.get(tile.id)?.frame ?? null) : null;
    return {
      name: tile.name,
      picture: frame ? { source: frame, width: frame.displayWidth, height: frame.displayHeight } : null,
    };
  });
  drawFrame(context, tiles, { width: canvas.width, height: canvas.height });
}

self.onmessage = (event: MessageEvent<CompositorMessage>) => {
  const message = event.data;
  switch (message.kind) {
    case 'start': {
      canvas = message.canvas;
      context = canvas.getContext('2d', { alpha: false });
      clearInterval(timer);
      // A timer, as on the page: the recording keeps its rate whatever the tab shows.
      timer = setInterval(draw, Math.round(1000 / message.fps));
      draw();
      break;
    }
    case 'frames': {
      const old = sources.get(message.id);
      if (old) release(old);
      const source: Source = { frame: null, reader: null };
      sources.set(message.id, source);
      if (message.frames) void follow(message.id, source, message.frames);
      break;
    }
    case 'tiles': {
      shown = message.tiles;
      const wanted = new Set(shown.map((tile) => tile.id));
      for (const [id, source] of sources) {
        if (wanted.has(id)) continue;
        release(source);
        sources.delete(id);
      }
      break;
    }
    case 'stop': {
      clearInterval(timer);
      for (const source of sources.values()) release(source);
      sources.clear();
      self.close();
      break;
    }
  }
};
