/**
 * MediaRecorder's WebM (Chromium) has no Duration: it is written as a live stream (Segment and Clusters of unknown
 * size), so players show no length and cannot seek. This reads the stream's timecodes and writes the Duration into
 * Segment › Info, leaving every media byte as it was (issue 9, recordings).
 */

export const ID = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
} as const;

/** Elements that end an unknown-size Cluster when they appear (the next Cluster, or what follows the media). */
export const SEGMENT_CHILDREN = new Set([
  0x114d9b74,
  ID.info,
  0x1654ae6b,
  ID.cluster,
  0x1c53bb6b,
  0x1941a469,
  0x1254c367,
  0x1043a770,
]);

type Vint = { value: number; length: number; isUnknown: boolean };

export function readVint(buf: Buffer, pos: number, keepMarker: boolean): Vint {
  const first = buf[pos];
  if (first === undefined || first === 0) throw new Error('not a WebM file (bad variable-length integer)');
  const length = Math.clz32(first) - 23;
  if (pos + length > buf.length) throw new Error('truncated WebM file');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    const byte = buf[pos + i] ?? 0;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, isUnknown: !keepMarker && allOnes };
}

export type Element = {
  id: number;
  start: number;
  sizeStart: number;
  sizeLength: number;
  dataStart: number;
  end: number | null;
};

export function readElement(buf: Buffer, pos: number): Element {
  const id = readVint(buf, pos, true);
  const size = readVint(buf, pos + id.length, false);
  const dataStart = pos + id.length + size.length;
  return {
    id: id.value,
    start: pos,
    sizeStart: pos + id.length,
    sizeLength: size.length,
    dataStart,
    end: size.isUnknown ? null : dataStart + size.value,
  };
}

export const readUint = (buf: Buffer, from: number, to: number) => {
  let value = 0;
  for (let i = from; i < to; i += 1) value = value * 256 + (buf[i] ?? 0);
  return value;
};

/** The last block's time in the stream, in TimecodeScale units (ms with Chromium's default scale). */
function lastTimecode(
  buf: Buffer,
  clusterData: number,
  clusterEnd: number | null,
): { time: number; end: number } {
  let pos = clusterData;
  let base = 0;
  let latest = 0;
  const limit = clusterEnd ?? buf.length;
  while (pos < limit) {
    const element = readElement(buf, pos);
    if (clusterEnd === null && SEGMENT_CHILDREN.has(element.id)) break;
    const end = element.end ?? limit;
    if (element.id === ID.timecode) base = readUint(buf, element.dataStart, end);
    const block =
      element.id === ID.simpleBlock
        ? element.dataStart
        : element.id === ID.blockGroup && readElement(buf, element.dataStart).id === ID.block
          ? readElement(buf, element.dataStart).dataStart
          : null;
    if (block !== null) {
      const track = readVint(buf, block, false);
      latest = Math.max(latest, base + buf.readInt16BE(block + track.length));
    }
    pos = end;
  }
  return { time: latest, end: pos };
}

/** Reads the stream and returns it with Segment › Info › Duration set (milliseconds are returned too). */
export function withDuration(input: Buffer): { webm: Buffer; durationMs: number } {
  const header = readElement(input, 0);
  if (header.id !== ID.ebml || header.end === null) throw new Error('not a WebM file');
  const segment = readElement(input, header.end);
  if (segment.id !== ID.segment) throw new Error('not a WebM file (no Segment)');
  const segmentEnd = segment.end ?? input.length;

  let info: Element | null = null;
  let durationAt: Element | null = null;
  let scale = 1_000_000;
  let latest = 0;
  let pos = segment.dataStart;
  while (pos < segmentEnd) {
    const element = readElement(input, pos);
    if (element.id === ID.cluster) {
      const cluster = lastTimecode(input, element.dataStart, element.end);
      latest = Math.max(latest, cluster.time);
      pos = element.end ?? cluster.end;
      continue;
    }
    if (element.end === null) throw new Error('unsupported WebM layout');
    if (element.id === ID.info) {
      info = element;
      for (let child = element.dataStart; child < element.end; ) {
        const inner = readElement(input, child);
        const innerEnd = inner.end ?? element.end;
        if (inner.id === ID.timecodeScale) scale = readUint(input, inner.dataStart, innerEnd);
        if (inner.id === ID.duration) durationAt = inner;
        child = innerEnd;
      }
    }
    pos = element.end;
  }
  if (!info || info.end === null) throw new Error('not a WebM file (no Info)');
  const durationMs = (latest * scale) / 1_000_000;

  if (durationAt?.end != null) {
    // Already there (a second pass): overwrite it in place.
    const webm = Buffer.from(input);
    if (durationAt.end - durationAt.dataStart === 8) webm.writeDoubleBE(latest, durationAt.dataStart);
    else webm.writeFloatBE(latest, durationAt.dataStart);
    return { webm, durationMs };
  }
  const element = Buffer.alloc(11);
  element.writeUInt16BE(ID.duration, 0);
  element[2] = 0x88; // size 8
  element.writeDoubleBE(latest, 3);
  const newInfoSize = info.end - info.dataStart + element.length;
  const sizeField = encodeSize(newInfoSize, info.sizeLength);
  const webm = Buffer.concat([
    input.subarray(0, info.sizeStart),
    sizeField,
    input.subarray(info.dataStart, info.end),
    element,
    input.subarray(info.end),
  ]);
  return { webm, durationMs };
}

/** A size as an EBML variable-length integer of exactly `length` bytes (as the file had it). */
export function encodeSize(size: number, length: number): Buffer {
  if (size >= 2 ** (7 * length) - 1) throw new Error('Info is too large to extend in place');
  const out = Buffer.alloc(length);
  let rest = size;
  for (let i = length - 1; i >= 0; i -= 1) {
    out[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  out[0] = (out[0] ?? 0) | (0x80 >> (length - 1));
  return out;
}
