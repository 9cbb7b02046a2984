/**
 * A notary who reloads the page mid-session starts a new MediaRecorder, whose parts follow the first one's: the
 * assembled file then holds several takes back to back, each a whole WebM (EBML header, Segment, Info, Tracks,
 * Clusters) with its clock starting again at zero, and players stop after the first. This joins them into one WebM:
 * the first take as recorded, then the Clusters of every later take with their Timecode moved past the end of what
 * came before. Block bytes are never touched: a block's time is relative to its Cluster (ADR 0010, Known limits).
 */
import {
  type Element,
  encodeSize,
  ID,
  readElement,
  readUint,
  readVint,
  SEGMENT_CHILDREN,
} from './webm-duration.ts';

const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_NUMBER = 0xd7;
const TRACK_TYPE = 0x83;
const CODEC_ID = 0x86;
const CODEC_PRIVATE = 0x63a2;
/** Cluster children holding byte positions: optional, and wrong once a Cluster moves, so later takes drop them. */
const POSITIONS = new Set([0xa7, 0xab]);
const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

/**
 * `isJoined`: `webm` is one take (for a one-take file, the input itself). Otherwise `webm` is the input unchanged and
 * `reason` says why: the takes could not be read, or a later take's tracks do not match the first take's. An unchanged
 * file still holds every frame (ffmpeg reads them all); it only plays as far as the first take's end.
 */
export type JoinResult =
  | { isJoined: true; webm: Buffer; takes: number }
  | { isJoined: false; webm: Buffer; reason: string };

type Cluster = {
  element: Element;
  end: number;
  timecode: number;
  /** Byte ranges replaced (the Timecode) or dropped (positions) when the Cluster is shifted. */
  cuts: Array<{ start: number; end: number; isTimecode: boolean }>;
};

type Take = {
  segment: Element;
  /** Where the take's bytes end (the next take's EBML header, or the end of the file). */
  end: number;
  timecodeScale: number;
  /** Track number → what a player needs to decode it (type, codec, codec private data). */
  tracks: Map<number, string>;
  clusters: Cluster[];
  /** Where the take's own timeline ends, in TimecodeScale units. */
  length: number;
};

/** Joins the takes of a recording into one WebM; see `JoinResult` for what comes back when it cannot. */
export function joinTakes(file: Buffer): JoinResult {
  let takes: Take[];
  try {
    takes = readTakes(file);
  } catch (error) {
    return {
      isJoined: false,
      webm: file,
      reason: `the takes could not be read: ${(error as Error).message}`,
    };
  }
  const [first, ...later] = takes;
  if (!first) return { isJoined: false, webm: file, reason: 'the file is empty' };
  if (later.length === 0) return { isJoined: true, webm: file, takes: 1 };

  for (const [index, take] of later.entries()) {
    const mismatch = findMismatch(first, take);
    if (mismatch) return { isJoined: false, webm: file, reason: `take ${index + 2} ${mismatch}` };
  }

  const media: Buffer[] = [];
  let offset = first.length;
  for (const take of later) {
    for (const cluster of take.clusters) media.push(...shiftCluster({ file, cluster, offset }));
    offset += take.length;
  }
  const appended = Buffer.concat(media);
  const { segment } = first;
  const head =
    segment.end === null
      ? [file.subarray(0, first.end)]
      : [
          file.subarray(0, segment.sizeStart),
          encodeSizeField(first.end - segment.dataStart + appended.length, segment.sizeLength),
          file.subarray(segment.dataStart, first.end),
        ];
  return { isJoined: true, webm: Buffer.concat([...head, appended]), takes: takes.length };
}

function readTakes(file: Buffer): Take[] {
  const takes: Take[] = [];
  for (let at = 0; at < file.length; at = takes.at(-1)?.end ?? file.length) takes.push(readTake(file, at));
  return takes;
}

function readTake(file: Buffer, start: number): Take {
  const header = readElement(file, start);
  if (header.id !== ID.ebml || header.end === null) throw new Error(`no EBML header at byte ${start}`);
  const segment = readElement(file, header.end);
  if (segment.id !== ID.segment) throw new Error(`no Segment at byte ${header.end}`);
  const limit = segment.end ?? file.length;
  if (limit > file.length) throw new Error('the Segment is cut short');

  let timecodeScale = 1_000_000;
  let tracks: Map<number, string> | null = null;
  const clusters: Cluster[] = [];
  const blockTimes = new Map<number, number[]>();
  let at = segment.dataStart;
  while (at < limit) {
    const element = readElement(file, at);
    // A Segment of unknown size (Chromium's) ends where the next take begins.
    if (segment.end === null && element.id === ID.ebml) break;
    if (element.id === ID.cluster) {
      const cluster = readCluster({ file, element, limit, blockTimes });
      clusters.push(cluster);
      at = cluster.end;
      continue;
    }
    const end = knownEnd(element, limit);
    if (element.id === ID.info)
      for (const child of childrenOf(file, element.dataStart, end))
        if (child.id === ID.timecodeScale)
          timecodeScale = readUint(file, child.dataStart, knownEnd(child, end));
    if (element.id === TRACKS) tracks = readTracks(file, element.dataStart, end);
    at = end;
  }
  if (!tracks) throw new Error(`the take at byte ${start} has no Tracks`);
  return { segment, end: at, timecodeScale, tracks, clusters, length: lengthOf(clusters, blockTimes) };
}

function readCluster(options: {
  file: Buffer;
  element: Element;
  limit: number;
  blockTimes: Map<number, number[]>;
}): Cluster {
  const { file, element, blockTimes } = options;
  const limit = element.end === null ? options.limit : knownEnd(element, options.limit);
  let timecode: number | null = null;
  const cuts: Cluster['cuts'] = [];
  const blocks: Array<{ track: number; time: number }> = [];
  let at = element.dataStart;
  while (at < limit) {
    const child = readElement(file, at);
    // A Cluster of unknown size ends at the next element that cannot be inside it.
    if (
      element.end === null &&
      (SEGMENT_CHILDREN.has(child.id) || child.id === ID.ebml || child.id === ID.segment)
    )
      break;
    const end = knownEnd(child, limit);
    if (child.id === ID.timecode) {
      timecode = readUint(file, child.dataStart, end);
      cuts.push({ start: at, end, isTimecode: true });
    } else if (POSITIONS.has(child.id)) cuts.push({ start: at, end, isTimecode: false });
    else if (child.id === ID.simpleBlock) blocks.push(readBlockTime(file, child.dataStart));
    else if (child.id === ID.blockGroup)
      for (const inner of childrenOf(file, child.dataStart, end))
        if (inner.id === ID.block) blocks.push(readBlockTime(file, inner.dataStart));
    at = end;
  }
  if (timecode === null) throw new Error(`the Cluster at byte ${element.start} has no Timecode`);
  for (const block of blocks) {
    const times = blockTimes.get(block.track) ?? [];
    times.push(timecode + block.time);
    blockTimes.set(block.track, times);
  }
  return { element, end: at, timecode, cuts };
}

/** A block's track and its time relative to its Cluster. */
function readBlockTime(file: Buffer, dataStart: number) {
  const track = readVint(file, dataStart, false);
  return { track: track.value, time: file.readInt16BE(dataStart + track.length) };
}

function readTracks(file: Buffer, from: number, to: number): Map<number, string> {
  const tracks = new Map<number, string>();
  for (const entry of childrenOf(file, from, to)) {
    if (entry.id !== TRACK_ENTRY) continue;
    const entryEnd = knownEnd(entry, to);
    let number = 0;
    let type = 0;
    let codec = '';
    let codecPrivate = '';
    for (const field of childrenOf(file, entry.dataStart, entryEnd)) {
      const end = knownEnd(field, entryEnd);
      if (field.id === TRACK_NUMBER) number = readUint(file, field.dataStart, end);
      if (field.id === TRACK_TYPE) type = readUint(file, field.dataStart, end);
      if (field.id === CODEC_ID) codec = file.toString('latin1', field.dataStart, end);
      if (field.id === CODEC_PRIVATE) codecPrivate = file.toString('hex', field.dataStart, end);
    }
    tracks.set(number, `${codec} (type ${type}${codecPrivate ? `, codec private ${codecPrivate}` : ''})`);
  }
  return tracks;
}

/**
 * A later take plays with the first take's Tracks, so each of its tracks must be one of the first take's: same
 * number, type, codec and codec private data (Opus's holds channels and pre-skip). TrackUIDs are not compared: every
 * MediaRecorder picks new ones. Picture size is not compared either: VP8/VP9 key frames carry their own, and Chromium
 * changes it mid-stream itself when the camera's resolution changes.
 */
function findMismatch(first: Take, take: Take): string | null {
  if (take.timecodeScale !== first.timecodeScale)
    return `counts time in other units (TimecodeScale ${take.timecodeScale}, the first take ${first.timecodeScale})`;
  for (const [number, track] of take.tracks) {
    const expected = first.tracks.get(number);
    if (expected !== track)
      return `has track ${number} as ${track}; the first take has ${expected ?? 'no such track'}`;
  }
  return null;
}

/**
 * Where a take's timeline ends: each track's last block plus that track's typical frame length (the median step
 * between its blocks; one tick, 1 ms at Chromium's scale, for a track with a single block), the latest of all tracks.
 * The next take starts there, so the last frame of a take keeps its usual length and no track gets two frames at
 * the same time. The real pause while the page reloaded is not in any file (each recorder's clock starts at zero),
 * so the takes play back to back.
 */
function lengthOf(clusters: Cluster[], blockTimes: Map<number, number[]>): number {
  let end = 0;
  for (const cluster of clusters) end = Math.max(end, cluster.timecode + 1);
  for (const times of blockTimes.values()) {
    let last = Number.NEGATIVE_INFINITY;
    const steps: number[] = [];
    for (const [index, time] of times.entries()) {
      last = Math.max(last, time);
      const step = time - (times[index - 1] ?? time);
      if (step > 0) steps.push(step);
    }
    steps.sort((a, b) => a - b);
    end = Math.max(end, last + (steps[Math.floor(steps.length / 2)] ?? 1));
  }
  return end;
}

/** The Cluster's bytes with its Timecode moved by `offset` and its position hints dropped. */
function shiftCluster(options: { file: Buffer; cluster: Cluster; offset: number }): Buffer[] {
  const { file, cluster, offset } = options;
  const body: Buffer[] = [];
  let from = cluster.element.dataStart;
  for (const cut of cluster.cuts) {
    body.push(file.subarray(from, cut.start));
    if (cut.isTimecode) body.push(encodeTimecode(cluster.timecode + offset));
    from = cut.end;
  }
  body.push(file.subarray(from, cluster.end));
  const size =
    cluster.element.end === null
      ? UNKNOWN_SIZE
      : encodeSizeField(
          body.reduce((sum, part) => sum + part.length, 0),
          cluster.element.sizeLength,
        );
  return [file.subarray(cluster.element.start, cluster.element.sizeStart), size, ...body];
}

function encodeTimecode(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  do {
    bytes.unshift(rest % 256);
    rest = Math.floor(rest / 256);
  } while (rest > 0);
  return Buffer.from([ID.timecode, 0x80 | bytes.length, ...bytes]);
}

/** A size in as many bytes as the file used for it, or 8 when it no longer fits there. */
function encodeSizeField(size: number, length: number): Buffer {
  return encodeSize(size, size < 2 ** (7 * length) - 1 ? length : 8);
}

function knownEnd(element: Element, limit: number): number {
  if (element.end === null || element.end > limit)
    throw new Error(`the element at byte ${element.start} has no size or runs past its parent`);
  return element.end;
}

function* childrenOf(file: Buffer, from: number, to: number) {
  for (let at = from; at < to; ) {
    const child = readElement(file, at);
    yield child;
    at = knownEnd(child, to);
  }
}
