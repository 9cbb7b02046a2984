import { fileURLToPath } from 'node:url';

/**
 * The composed view's ffmpeg command (decision 0084), as data: a grid with one cell per person, each take placed at
 * its wall-clock start (the manifest's times, not werift's RTP-only timestamps), black and silence where nobody's
 * media was (before a take, between takes, during a gap), names under the cells and an IST clock; audio mixed. Low
 * resolution, one thread and libvpx's fastest settings keep its cost modest. The names are pictures made beforehand
 * with a real text shaper (name-label.ts, decision 0089): drawtext would break Devanagari's conjuncts and vowel signs.
 */
export const COMPOSED = { width: 640, height: 360, fps: 15 } as const;
// The Noto Sans the repository ships (apps/server/assets/fonts, as the seal's), for the clock: digits and "IST" only,
// which need no shaping, so drawtext draws it on every frame.
const FONT = fileURLToPath(new URL('../../../assets/fonts/NotoSans-Regular.ttf', import.meta.url));
const IST_OFFSET_SECONDS = 5.5 * 3600;

export type ComposeTake = {
  file: string;
  cell: number;
  /** From the composed view's start to this take's first byte. */
  offsetMs: number;
  hasVideo: boolean;
  hasAudio: boolean;
};

export type ComposeCell = {
  /** A PNG of the person's name (name-label.ts), no wider than the cell less 12 px. */
  labelFile: string;
  /** Gaps in this person's media, from the composed view's start. */
  gaps: { fromMs: number; toMs: number }[];
};

/** A path inside the composer's own temp directory; anything else could break out of the filter's syntax. */
const safe = (file: string) => {
  if (!/^[\w/.-]+$/.test(file)) throw new Error(`unexpected path for the filter graph: ${file}`);
  return file;
};
const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);

/** Columns and rows for `count` people in a 16:9 frame. */
export function gridOf(count: number) {
  const columns = count <= 1 ? 1 : count <= 4 ? 2 : 3;
  const rows = Math.max(1, Math.ceil(count / columns));
  const even = (value: number) => Math.floor(value / 2) * 2;
  return {
    columns,
    rows,
    cellWidth: even(COMPOSED.width / columns),
    cellHeight: even(COMPOSED.height / rows),
  };
}

/** The clock's text: the frame's time as IST wall-clock time (drawtext's pts expansion from the view's start). */
export const clockText = (startMs: number) =>
  `%{pts:gmtime:${(startMs / 1000 + IST_OFFSET_SECONDS).toFixed(3)}:%d-%m-%Y %H\\:%M\\:%S} IST`;

export function composeArgs(options: {
  takes: ComposeTake[];
  cells: ComposeCell[];
  spanMs: number;
  clockFile: string;
  output: string;
}) {
  const { takes, cells } = options;
  const grid = gridOf(cells.length);
  const span = seconds(options.spanMs);
  const at = (cell: number) => ({
    x: (cell % grid.columns) * grid.cellWidth,
    y: Math.floor(cell / grid.columns) * grid.cellHeight,
  });
  const lines: string[] = [
    `color=c=black:s=${COMPOSED.width}x${COMPOSED.height}:r=${COMPOSED.fps}:d=${span}[base]`,
  ];
  let video = 'base';
  takes.forEach((take, index) => {
    if (!take.hasVideo) return;
    const { x, y } = at(take.cell);
    const { cellWidth: w, cellHeight: h } = grid;
    lines.push(
      `[${index}:v]setpts=PTS-STARTPTS+${seconds(take.offsetMs)}/TB,scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2[v${index}]`,
      `[${video}][v${index}]overlay=x=${x}:y=${y}:eof_action=pass[o${index}]`,
    );
    video = `o${index}`;
  });
  // During a gap the cell is black, even where the take's last frame would otherwise stay.
  const gaps = cells.flatMap((cell, index) => {
    const { x, y } = at(index);
    return cell.gaps.map(
      (gap) =>
        `drawbox=x=${x}:y=${y}:w=${grid.cellWidth}:h=${grid.cellHeight}:color=black:t=fill:enable='between(t,${seconds(gap.fromMs)},${seconds(gap.toMs)})'`,
    );
  });
  if (gaps.length > 0) {
    lines.push(`[${video}]${gaps.join(',')}[gaps]`);
    video = 'gaps';
  }
  // Each name is one still picture (an input of a single frame, decoded once), in the cell's lower left corner;
  // `eof_action=repeat` keeps that frame over the whole view, so it costs a small blend per frame and no decoding.
  cells.forEach((_cell, index) => {
    const { x, y } = at(index);
    lines.push(
      `[${video}][${takes.length + index}:v]overlay=x=${x + 6}:y=${y + grid.cellHeight - 4}-overlay_h:eof_action=repeat[n${index}]`,
    );
    video = `n${index}`;
  });
  const clock = `drawtext=fontfile=${safe(FONT)}:textfile=${safe(options.clockFile)}:expansion=normal:x=w-tw-6:y=6:fontsize=14:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=3`;
  lines.push(`[${video}]${clock},format=yuv420p[vout]`);

  const audio = takes.flatMap((take, index) =>
    take.hasAudio
      ? [
          // `async` fills holes in a take's timestamps with silence; the delay puts it at its wall-clock start.
          `[${index}:a]asetpts=PTS-STARTPTS,aresample=48000:async=1:first_pts=0,adelay=${Math.round(Math.max(0, take.offsetMs))}:all=1[a${index}]`,
        ]
      : [],
  );
  lines.push(`anullsrc=r=48000:cl=stereo,atrim=duration=${span}[abase]`, ...audio);
  const mixed = ['[abase]', ...takes.flatMap((take, index) => (take.hasAudio ? [`[a${index}]`] : []))];
  lines.push(`${mixed.join('')}amix=inputs=${mixed.length}:duration=first:normalize=0[aout]`);

  const args = ['-v', 'error', '-nostdin', '-y', '-threads', '1'];
  for (const take of takes) args.push('-i', safe(take.file));
  for (const cell of cells) args.push('-i', safe(cell.labelFile));
  args.push(
    '-filter_complex_threads',
    '1',
    '-filter_complex',
    lines.join(';\n'),
    '-map',
    '[vout]',
    '-map',
    '[aout]',
    '-t',
    span,
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '300k',
    '-g',
    String(COMPOSED.fps * 10),
    '-threads',
    '1',
    '-c:a',
    'libopus',
    '-b:a',
    '48k',
    '-f',
    'webm',
    safe(options.output),
  );
  return args;
}
