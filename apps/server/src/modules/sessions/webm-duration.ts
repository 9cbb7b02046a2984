/**
 * MediaRecorder's WebM (Chromium) has no Duration: it is written as a live stream (Segment and Clusters of unknown
 * size), so players show no length and cannot seek. This reads the stream's timecodes and writes the Duration into
 * Segment › Info, leaving every media byte as it was (issue 9, recordings).
 *
 * Both this and the join (webm-join.ts) read a `Bytes` (a Buffer, or a recording spooled to disk, read where needed)
 * and answer with a `Plan`: the output as ranges of the input and a few new bytes. The file itself is then written
 * out by streaming the plan, so a one-hour recording never sits whole in memory (issue 21).
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

/** Random access to a file's bytes: a Buffer in memory, or a file on disk read a window at a time. */
export interface Bytes {
  readonly length: number;
  /** The byte at `position`; undefined past the end. */
  at(position: number): number | undefined;
  /** The bytes from `from` to `to` (clamped to the end): only small reads (element headers, small elements). */
  read(from: number, to: number): Buffer;
}

export function bufferBytes(buffer: Buffer): Bytes {
  return {
    length: buffer.length,
    at: (position) => buffer[position],
    read: (from, to) => buffer.subarray(from, to),
  };
}

/** An output file: ranges of the input, in order, and new bytes in between. */
export type Plan = Array<{ from: number; to: number } | Buffer>;

export const pieceLength = (piece: Plan[number]) =>
  Buffer.isBuffer(piece) ? piece.length : piece.to - piece.from;

/** The plan's output read like any file, without writing it out: what the duration pass reads after a join. */
export function plannedBytes(source: Bytes, plan: Plan): Bytes {
  const starts: number[] = [];
  let length = 0;
  for (const piece of plan) {
    starts.push(length);
    length += pieceLength(piece);
  }
  const pieceAt = (position: number) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((starts[middle] ?? 0) <= position) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const read = (from: number, to: number) => {
    const parts: Buffer[] = [];
    for (let at = from, index = pieceAt(from); at < Math.min(to, length); index += 1) {
      const piece = plan[index];
      if (!piece) break;
      const offset = at - (starts[index] ?? 0);
      const take = Math.min(pieceLength(piece) - offset, to - at);
      parts.push(
        Buffer.isBuffer(piece)
          ? piece.subarray(offset, offset + take)
          : source.read(piece.from + offset, piece.from + offset + take),
      );
      at += take;
    }
    return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
  };
  return {
    length,
    at: (position) => (position < length ? read(position, position + 1)[0] : undefined),
    read,
  };
}

/** The plan's output in pieces of at most `pieceBytes`, for a stream. */
export function* planPieces(source: Bytes, plan: Plan, pieceBytes = 64 * 1024): Generator<Buffer> {
  for (const piece of plan) {
    if (Buffer.isBuffer(piece)) {
      if (piece.length > 0) yield piece;
      continue;
    }
    for (let at = piece.from; at < piece.to; at += pieceBytes)
      yield Buffer.from(source.read(at, Math.min(piece.to, at + pieceBytes)));
  }
}

/** The plan's output as one Buffer: for files that are in memory anyway (tests, small inputs). */
export function materialise(source: Bytes, plan: Plan): Buffer {
  return Buffer.concat(
    plan.map((piece) => (Buffer.isBuffer(piece) ? piece : source.read(piece.from, piece.to))),
  );
}

type Vint = { value: number; length: number; isUnknown: boolean };

export function readVint(buf: Bytes, pos: number, keepMarker: boolean): Vint {
  const first = buf.at(pos);
  if (first === undefined || first === 0) throw new Error('not a WebM file (bad variable-length integer)');
  const length = Math.clz32(first) - 23;
  if (pos + length > buf.length) throw new Error('truncated WebM file');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    const byte = buf.at(pos + i) ?? 0;
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

export function readElement(buf: Bytes, pos: number): Element {
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

export const readUint = (buf: Bytes, from: number, to: number) => {
  let value = 0;
  for (let i = from; i < to; i += 1) value = value * 256 + (buf.at(i) ?? 0);
  return value;
};

/** A block's time relative to its Cluster: a signed 16-bit number after the track number. */
export const readInt16 = (buf: Bytes, pos: number) => {
  const bytes = buf.read(pos, pos + 2);
  if (bytes.length < 2) throw new RangeError('The value of "offset" is out of range.');
  return bytes.readInt16BE(0);
};

/** The last block's time in the stream, in TimecodeScale units (ms with Chromium's default scale). */
function lastTimecode(
  buf: Bytes,
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
      latest = Math.max(latest, base + readInt16(buf, block + track.length));
    }
    pos = end;
  }
  return { time: latest, end: pos };
}

/** Reads the stream and returns it with Segment › Info › Duration set (milliseconds are returned too). */
export function withDuration(input: Buffer): { webm: Buffer; durationMs: number } {
  const source = bufferBytes(input);
  const { plan, durationMs } = planDuration(source);
  return { webm: materialise(source, plan), durationMs };
}

/** The plan of `withDuration`: the input with its Duration written, and the duration. */
export function planDuration(input: Bytes): { plan: Plan; durationMs: number } {
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
    const value = Buffer.alloc(durationAt.end - durationAt.dataStart === 8 ? 8 : 4);
    if (value.length === 8) value.writeDoubleBE(latest);
    else value.writeFloatBE(latest);
    return {
      plan: [
        { from: 0, to: durationAt.dataStart },
        value,
        { from: durationAt.dataStart + value.length, to: input.length },
      ],
      durationMs,
    };
  }
  const element = Buffer.alloc(11);
  element.writeUInt16BE(ID.duration, 0);
  element[2] = 0x88; // size 8
  element.writeDoubleBE(latest, 3);
  const newInfoSize = info.end - info.dataStart + element.length;
  const sizeField = encodeSize(newInfoSize, info.sizeLength);
  return {
    plan: [
      { from: 0, to: info.sizeStart },
      sizeField,
      { from: info.dataStart, to: info.end },
      element,
      { from: info.end, to: input.length },
    ],
    durationMs,
  };
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
