import { spawn } from 'node:child_process';

/**
 * ffmpeg and ffprobe from the system (Debian's `ffmpeg`, installed by `.ci/run`; decision 0084), run without a shell
 * and with arguments as a list, so no name or path is ever parsed as a command.
 */
export function run(command: 'ffmpeg' | 'ffprobe', args: string[], onLine?: (line: string) => void) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let rest = '';
    let errors = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (!onLine) return;
      // Line by line: a long track's packet list is never held whole.
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      errors = (errors + chunk).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (rest && onLine) onLine(rest);
      if (code === 0) resolve();
      else reject(new Error(`${command} exited with ${code}: ${errors.trim()}`));
    });
  });
}

export type Probe = { hasVideo: boolean; hasAudio: boolean; durationMs: number };

/**
 * What a WebM holds and how long it really is. werift's header says 24 hours (a placeholder, decision 0076), so the
 * length is read from the packets: the end of the last one (no decoding).
 */
export async function probe(file: string): Promise<Probe> {
  const kinds = new Set<string>();
  await run(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'stream=codec_type', '-of', 'csv=p=0', file],
    (line) => kinds.add(line.trim()),
  );
  let endSeconds = 0;
  let startSeconds = Number.POSITIVE_INFINITY;
  await run(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', file],
    (line) => {
      const [pts, duration] = line.split(',').map(Number);
      if (pts === undefined || !Number.isFinite(pts)) return;
      startSeconds = Math.min(startSeconds, pts);
      endSeconds = Math.max(endSeconds, pts + (Number.isFinite(duration) ? (duration as number) : 0));
    },
  );
  const durationMs = Number.isFinite(startSeconds) ? Math.round((endSeconds - startSeconds) * 1000) : 0;
  return { hasVideo: kinds.has('video'), hasAudio: kinds.has('audio'), durationMs };
}
