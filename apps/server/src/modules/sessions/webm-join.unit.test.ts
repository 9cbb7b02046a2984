import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { withDuration } from './webm-duration.ts';
import { joinTakes } from './webm-join.ts';

// About 6 seconds of Chromium's fake camera and microphone (VP8 at 20 fps, Opus in 60 ms frames), recorded with
// MediaRecorder as the notary's browser records a session. A reload starts a new recorder: a second take.
let take: Buffer;
beforeAll(async () => {
  take = await readFile(new URL('./fixtures/chromium-recording.webm', import.meta.url));
});

// A small EBML reader of its own, so the tests do not trust the code they test.
const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const LEVEL_1 = new Set([EBML, SEGMENT, CLUSTER, 0x1549a966, 0x1654ae6b, 0x114d9b74, 0x1c53bb6b, 0x1254c367]);

type Node = { id: number; start: number; sizeAt: number; dataStart: number; end: number | null };

function readNode(buf: Buffer, pos: number): Node {
  const idLength = Math.clz32(buf[pos] ?? 0) - 23;
  const id = buf.readUIntBE(pos, idLength);
  const sizeAt = pos + idLength;
  const sizeLength = Math.clz32(buf[sizeAt] ?? 0) - 23;
  let size = (buf[sizeAt] ?? 0) & (0xff >> sizeLength);
  let isUnknown = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i += 1) {
    size = size * 256 + (buf[sizeAt + i] ?? 0);
    isUnknown &&= buf[sizeAt + i] === 0xff;
  }
  const dataStart = sizeAt + sizeLength;
  return { id, start: pos, sizeAt, dataStart, end: isUnknown ? null : dataStart + size };
}

type Parsed = {
  headers: number;
  segments: Node[];
  clusters: Array<Node & { end: number; timecode: number }>;
  /** Every SimpleBlock, whole (track, relative time, flags, frame), in file order. */
  blocks: Buffer[];
  /** Each block's time in the file's timeline, by track. */
  times: Map<number, number[]>;
};

function parse(buf: Buffer): Parsed {
  const parsed: Parsed = { headers: 0, segments: [], clusters: [], blocks: [], times: new Map() };
  let pos = 0;
  while (pos < buf.length) {
    const node = readNode(buf, pos);
    if (node.id === EBML) parsed.headers += 1;
    if (node.id === SEGMENT) {
      parsed.segments.push(node);
      pos = node.dataStart;
      continue;
    }
    if (node.id !== CLUSTER) {
      pos = node.end ?? buf.length;
      continue;
    }
    let timecode = -1;
    let at = node.dataStart;
    while (at < (node.end ?? buf.length)) {
      const child = readNode(buf, at);
      if (node.end === null && LEVEL_1.has(child.id)) break;
      if (child.id === TIMECODE)
        timecode = buf.readUIntBE(child.dataStart, (child.end ?? 0) - child.dataStart);
      if (child.id === SIMPLE_BLOCK) {
        parsed.blocks.push(buf.subarray(child.dataStart, child.end ?? 0));
        const track = (buf[child.dataStart] ?? 0) & 0x7f;
        const times = parsed.times.get(track) ?? [];
        times.push(timecode + buf.readInt16BE(child.dataStart + 1));
        parsed.times.set(track, times);
      }
      at = child.end ?? buf.length;
    }
    parsed.clusters.push({ ...node, end: at, timecode });
    pos = at;
  }
  return parsed;
}

/** The take cut after its first `count` Clusters: a shorter take, as a recorder stopped early leaves it. */
const firstClusters = (count: number) => {
  const next = parse(take).clusters[count];
  if (!next) throw new Error('the fixture has fewer Clusters');
  return take.subarray(0, next.start);
};

const lastTime = (parsed: Parsed) => Math.max(...[...parsed.times.values()].flat());
const isIncreasing = (values: number[]) =>
  values.every((value, i) => i === 0 || value > (values[i - 1] ?? 0));

describe('joining the takes of a recording (a reload mid-session starts a new recorder)', () => {
  it('gives one WebM: one EBML header, one Segment, then the Clusters of every take', () => {
    const second = firstClusters(3);
    const result = joinTakes(Buffer.concat([take, second]));
    expect(result).toMatchObject({ isJoined: true, takes: 2 });
    const joined = parse(result.webm);
    expect(joined.headers).toBe(1);
    expect(joined.segments).toHaveLength(1);
    expect(joined.clusters).toHaveLength(parse(take).clusters.length + 3);
    // The first take is kept as recorded; only what follows it is new.
    expect(result.webm.subarray(0, take.length).equals(take)).toBe(true);
  });

  it('moves each later take’s clock past the end of the takes before it, one frame after their last', () => {
    const first = parse(take);
    const short = firstClusters(3);
    const result = joinTakes(Buffer.concat([take, short, take]));
    expect(result).toMatchObject({ isJoined: true, takes: 3 });
    const joined = parse(result.webm);
    expect(isIncreasing(joined.clusters.map((cluster) => cluster.timecode))).toBe(true);
    // No track has two frames at the same time, nor goes back.
    for (const times of joined.times.values()) expect(isIncreasing(times)).toBe(true);

    const secondStart = joined.clusters[first.clusters.length]?.timecode ?? 0;
    expect(secondStart).toBeGreaterThan(lastTime(first));
    // The gap is one frame of the track that ends last (Opus, 60 ms here), not the seconds the reload took.
    expect(secondStart - lastTime(first)).toBeLessThanOrEqual(60);
    const thirdStart = joined.clusters[first.clusters.length + 3]?.timecode ?? 0;
    expect(thirdStart).toBeGreaterThan(secondStart + lastTime(parse(short)));
    expect(thirdStart - (secondStart + lastTime(parse(short)))).toBeLessThanOrEqual(60);
  });

  it('keeps every frame of every take, byte for byte and in order', () => {
    const second = firstClusters(4);
    const joined = parse(joinTakes(Buffer.concat([take, second])).webm);
    const expected = Buffer.concat([...parse(take).blocks, ...parse(second).blocks]);
    expect(joined.blocks).toHaveLength(parse(take).blocks.length + parse(second).blocks.length);
    expect(Buffer.concat(joined.blocks).equals(expected)).toBe(true);
  });

  it('lets withDuration state the length of all takes together', () => {
    const second = firstClusters(4);
    const { durationMs } = withDuration(joinTakes(Buffer.concat([take, second])).webm);
    const sum = withDuration(take).durationMs + withDuration(second).durationMs;
    // Each take's Duration ends at its last frame's start; the join adds that frame's length between the two.
    expect(durationMs).toBeGreaterThan(sum);
    expect(durationMs).toBeLessThanOrEqual(sum + 60);
  });

  it('returns a single take byte for byte', () => {
    const result = joinTakes(take);
    expect(result).toMatchObject({ isJoined: true, takes: 1 });
    expect(result.webm.equals(take)).toBe(true);
  });

  it('leaves the file as it was when a later take’s tracks differ from the first’s, and says which', () => {
    const header = take.subarray(0, parse(take).clusters[0]?.start);
    const otherCodec = Buffer.from(take);
    otherCodec.write('V_VP9', header.indexOf('V_VP8'), 'latin1');
    const stereo = Buffer.from(take);
    stereo[header.indexOf('OpusHead') + 9] = 2; // channel count
    for (const [second, track] of [
      [otherCodec, 'track 1 as V_VP9'],
      [stereo, 'track 2 as A_OPUS'],
    ] as const) {
      const file = Buffer.concat([take, second]);
      const result = joinTakes(file);
      expect(result).toMatchObject({
        isJoined: false,
        reason: expect.stringContaining(`take 2 has ${track}`),
      });
      expect(result.webm.equals(file)).toBe(true);
    }
  });

  it('leaves what it cannot read as it was, for withDuration to refuse', () => {
    const notWebm = Buffer.from('%PDF-1.7 not a video');
    expect(joinTakes(notWebm)).toMatchObject({ isJoined: false, webm: notWebm });
    const cut = Buffer.concat([take, take.subarray(0, 40)]);
    expect(joinTakes(cut)).toMatchObject({ isJoined: false, webm: cut });
  });

  it('joins takes whose Segment and Clusters have known sizes, and sizes the Segment for all of them', () => {
    const known = withKnownSizes(take);
    const result = joinTakes(Buffer.concat([known, withKnownSizes(firstClusters(3))]));
    expect(result.isJoined).toBe(true);
    const joined = parse(result.webm);
    expect(joined.segments).toHaveLength(1);
    expect(joined.segments[0]?.end).toBe(result.webm.length);
    expect(joined.clusters).toHaveLength(parse(take).clusters.length + 3);
    // Each Cluster's stated size reaches exactly to the next one (the shifted ones grew by a byte of Timecode).
    expect(joined.clusters.map((cluster) => readNode(result.webm, cluster.start).end)).toEqual([
      ...joined.clusters.slice(1).map((cluster) => cluster.start),
      result.webm.length,
    ]);
    expect(isIncreasing(joined.clusters.map((cluster) => cluster.timecode))).toBe(true);
    const frames = Buffer.concat([...parse(take).blocks, ...parse(firstClusters(3)).blocks]);
    expect(Buffer.concat(joined.blocks).equals(frames)).toBe(true);
    expect(withDuration(result.webm).durationMs).toBeGreaterThan(withDuration(take).durationMs);
  });
});

/** The take with its Segment and Clusters given their real sizes (Chromium writes them as unknown, in 8 bytes). */
function withKnownSizes(webm: Buffer): Buffer {
  const out = Buffer.from(webm);
  const { segments, clusters } = parse(webm);
  for (const node of [...segments.map((segment) => ({ ...segment, end: webm.length })), ...clusters]) {
    expect(node.dataStart - node.sizeAt).toBe(8);
    out.writeUInt8(0x01, node.sizeAt);
    out.writeUIntBE(node.end - node.dataStart, node.sizeAt + 2, 6);
    out.writeUInt8(0, node.sizeAt + 1);
  }
  return out;
}
