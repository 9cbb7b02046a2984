import type { CompositorMessage } from './compositor.worker';
import { type Context2D, drawFrame, type FrameTile } from './compositor-draw';

/**
 * One recordable stream of the whole call: every participant's video in a grid on a canvas, with names and an
 * IST clock burnt in (the recording is evidence of who was there and when), and every participant's audio mixed
 * into one track. Both tracks exist from the start and never change, because MediaRecorder cannot take tracks
 * added later; participants come and go through `setSources` instead.
 *
 * The picture is drawn in a worker where the browser allows it (decision 0020): drawing three videos 15 times a
 * second was the busiest work on the notary's page, and without a GPU it is done in software. Elsewhere it is drawn
 * on the page, the same way.
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
  /** Audio track id → its node in the mix. */
  audio: Map<string, MediaStreamAudioSourceNode>;
  /** Plays the stream, muted and never shown (see createTile); on the page, the picture is drawn from it. */
  element: HTMLVideoElement | HTMLAudioElement | null;
  onTracksChanged: () => void;
};

/** What draws the picture: on the page, or through the worker. */
interface Painter {
  /** The tiles changed (who, their names, their streams). */
  update(order: string[], tiles: Map<string, Tile>): void;
  /** A tile's video tracks changed (a camera switched). */
  tracksChanged(id: string, tile: Tile): void;
  stop(): void;
}

/** How often the worker is told whether each camera shows a picture (switched off or stalled shows initials). */
const SHOWING_CHECK_MS = 250;

export function createCompositor(
  options: { width?: number; height?: number; fps?: number } = {},
): Compositor {
  const width = options.width ?? 1280;
  const height = options.height ?? 720;
  const fps = options.fps ?? 15;

  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const inWorker = canDrawInWorker();
  const painter = inWorker ? workerPainter(canvas, fps) : pagePainter(canvas, fps);
  const videoTrack = canvas.captureStream(fps).getVideoTracks()[0];

  // Never connected to `audio.destination`: the mix goes only into the recording, not to the speakers.
  const audio = new AudioContext();
  void audio.resume().catch(() => {});
  const mix = audio.createMediaStreamDestination();
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

  function createTile(id: string, source: CompositorSource): Tile {
    const tile: Tile = {
      name: source.name,
      stream: source.stream,
      audio: new Map(),
      element: null,
      onTracksChanged: () => {
        syncAudio(tile);
        painter.tracksChanged(id, tile);
      },
    };
    if (source.stream) {
      // Chrome only lets a remote WebRTC stream's audio into Web Audio while the stream is also attached to a
      // media element. On the page the element also provides the frames; with the worker, an audio element is
      // enough (no video to decode for it).
      const element = document.createElement(inWorker ? 'audio' : 'video');
      element.muted = true;
      element.autoplay = true;
      if (element instanceof HTMLVideoElement) element.playsInline = true;
      element.srcObject = source.stream;
      void element.play().catch(() => {});
      tile.element = element;
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
    if (tile.element) {
      tile.element.pause();
      tile.element.srcObject = null;
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
      tiles.set(source.id, createTile(source.id, source));
    }
    order = sources.map((source) => source.id);
    painter.update(order, tiles);
  }

  let isStopped = false;
  return {
    stream,
    setSources,
    stop() {
      if (isStopped) return;
      isStopped = true;
      painter.stop();
      for (const tile of tiles.values()) removeTile(tile);
      tiles.clear();
      for (const track of stream.getTracks()) track.stop();
      mix.disconnect();
      void audio.close().catch(() => {});
    },
  };
}

/** A camera that shows a picture: live, switched on, and frames arriving (muted means none are). */
function isShowing(stream: MediaStream | null): boolean {
  return (stream?.getVideoTracks() ?? []).some(
    (track) => track.readyState === 'live' && track.enabled && !track.muted,
  );
}

/** The picture drawn on the page from each tile's (hidden) video element, as before the worker. */
function pagePainter(canvas: HTMLCanvasElement, fps: number): Painter {
  const context = context2d(canvas);
  let shown: Tile[] = [];
  const draw = () => {
    const frame: FrameTile[] = shown.map((tile) => {
      const video = tile.element instanceof HTMLVideoElement ? tile.element : null;
      const hasPicture =
        video !== null &&
        video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA &&
        video.videoWidth > 0 &&
        isShowing(tile.stream);
      return {
        name: tile.name,
        picture: hasPicture ? { source: video, width: video.videoWidth, height: video.videoHeight } : null,
      };
    });
    drawFrame(context, frame, canvas);
  };
  // A timer, not requestAnimationFrame: rAF stops in a background tab and the recording would freeze.
  const timer = window.setInterval(draw, Math.round(1000 / fps));
  draw();
  return {
    update(order, tiles) {
      shown = order.map((id) => tiles.get(id)).filter((tile) => tile !== undefined);
    },
    tracksChanged() {},
    stop() {
      window.clearInterval(timer);
    },
  };
}

type TrackProcessor = { readable: ReadableStream<VideoFrame> };
type TrackProcessorConstructor = new (init: { track: MediaStreamTrack }) => TrackProcessor;

const trackProcessor = (): TrackProcessorConstructor | null => {
  const found: unknown = Reflect.get(globalThis, 'MediaStreamTrackProcessor');
  return typeof found === 'function' ? (found as TrackProcessorConstructor) : null;
};

/** Chromium's way: a canvas drawn from a worker, camera frames read there, and streams sent to it. */
function canDrawInWorker(): boolean {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined' || !trackProcessor())
    return false;
  if (typeof HTMLCanvasElement.prototype.transferControlToOffscreen !== 'function') return false;
  try {
    const channel = new MessageChannel();
    const probe = new ReadableStream();
    channel.port1.postMessage(probe, [probe]);
    channel.port1.close();
    channel.port2.close();
    return true;
  } catch {
    return false;
  }
}

/** The picture drawn by compositor.worker.ts; the page only hands over frames and says who is shown. */
function workerPainter(canvas: HTMLCanvasElement, fps: number): Painter {
  const worker = new Worker(new URL('./compositor.worker.ts', import.meta.url), { type: 'module' });
  const post = (message: CompositorMessage, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  const offscreen = canvas.transferControlToOffscreen();
  post({ kind: 'start', canvas: offscreen, fps }, [offscreen]);
  const Processor = trackProcessor();
  /** Per tile, the copy of its camera track the worker reads (stopped when replaced; the call keeps its own). */
  const following = new Map<string, { original: MediaStreamTrack; copy: MediaStreamTrack }>();
  let shown: Array<{ id: string; tile: Tile }> = [];
  let lastSent = '';

  const follow = (id: string, tile: Tile) => {
    const track = tile.stream?.getVideoTracks()[0];
    const current = following.get(id);
    if (current && current.original === track) return;
    current?.copy.stop();
    following.delete(id);
    if (!track || !Processor) {
      post({ kind: 'frames', id, frames: null });
      return;
    }
    const copy = track.clone();
    following.set(id, { original: track, copy });
    const { readable } = new Processor({ track: copy });
    post({ kind: 'frames', id, frames: readable }, [readable as unknown as Transferable]);
  };

  const sendTiles = () => {
    const tiles = shown.map(({ id, tile }) => ({ id, name: tile.name, isShowing: isShowing(tile.stream) }));
    const text = JSON.stringify(tiles);
    if (text === lastSent) return;
    lastSent = text;
    post({ kind: 'tiles', tiles });
  };
  // A camera switched off has no event: looked at a few times a second, and told only when it changed.
  const timer = window.setInterval(sendTiles, SHOWING_CHECK_MS);

  return {
    update(order, tiles) {
      for (const id of [...following.keys()])
        if (!tiles.has(id)) {
          following.get(id)?.copy.stop();
          following.delete(id);
        }
      shown = order.flatMap((id) => {
        const tile = tiles.get(id);
        return tile ? [{ id, tile }] : [];
      });
      for (const { id, tile } of shown) follow(id, tile);
      sendTiles();
    },
    tracksChanged(id, tile) {
      follow(id, tile);
      sendTiles();
    },
    stop() {
      window.clearInterval(timer);
      post({ kind: 'stop' });
      for (const { copy } of following.values()) copy.stop();
      following.clear();
      // The worker closes itself once it has let go of its frames.
    },
  };
}

function context2d(canvas: HTMLCanvasElement): Context2D {
  // Opaque: every pixel is painted each frame, and a canvas without alpha is cheaper to draw into and capture (the
  // compositor is the busiest work on the notary's page; decision 0020).
  const context = canvas.getContext('2d', { alpha: false });
  if (!context) throw new Error('This browser cannot draw the call for recording.');
  return context;
}
