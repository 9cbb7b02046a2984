import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuWindow, sleep } from './call-join.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SENDERS = fileURLToPath(new URL('./recorder-senders.ts', import.meta.url));

export type RecorderStep = {
  participants: number;
  cpuPercent: number;
  rssMb: number;
  /** What reached the file store during the window (the recorder's parts, encrypted): what was really recorded. */
  storedKbitPerSecond: number;
};

/** Bytes under `dir` (the server's DATA_DIR: the file store's blobs are files there). */
async function sizeOf(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile())
      total += (await stat(path.join(entry.parentPath, entry.name)).catch(() => ({ size: 0 }))).size;
  return total;
}

/** The server as the browser tests start it (NODE_ENV=test with the fixtures routes), Node running the sources. */
async function startTestServer(port: number, dataDir: string) {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SERVICE_HOURS_ALWAYS_OPEN: 'true',
      E2E_FIXTURES: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    const isUp = await fetch(`${base}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return { child, base };
    await sleep(500);
  }
  child.kill('SIGTERM');
  throw new Error('the recorder bench server did not start');
}

const rssMbOf = async (pid: number) =>
  Number((await readFile(`/proc/${pid}/status`, 'utf8')).match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? 0) / 1024;

/** A live three-person session from the fixtures route: where each participant's websocket signs in. */
async function liveSession(base: string) {
  const response = await fetch(`${base}/api/v1/test-fixtures/live-sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ signatories: [{ fullName: 'Asha Verma' }, { fullName: 'Bela Kapoor' }] }),
  });
  if (!response.ok) throw new Error(`live session: ${response.status} ${await response.text()}`);
  const session = (await response.json()) as {
    _id: string;
    notary: { cookie: { name: string; value: string } };
    signatories: Array<{ token: string | null }>;
  };
  return [
    {
      origin: base,
      applicationId: session._id,
      cookie: `${session.notary.cookie.name}=${session.notary.cookie.value}`,
    },
    ...session.signatories.map((s) => ({
      origin: base,
      applicationId: session._id,
      portalToken: s.token ?? '',
    })),
  ];
}

/**
 * The server recorder's cost (issue 24, decision 0081): a server process of its own (embedded database, files on
 * disk); three-person calls are added one at a time, their participants in another process sending camera-like VP8
 * and Opus to the recorder (bench/src/recorder-senders.ts), and after each the server's CPU (% of one core, from
 * /proc) over `windowSeconds` and its resident memory are read. The first window is the idle server.
 */
export async function measureRecorderLoad(options: {
  sessions: number;
  windowSeconds: number;
  port: number;
}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mohar-bench-recorder-'));
  const { child: server, base } = await startTestServer(options.port, dataDir);
  const senders: ChildProcess[] = [];
  const steps: RecorderStep[] = [];
  const pid = server.pid ?? 0;
  const measure = async (participants: number) => {
    const before = await sizeOf(dataDir);
    const cpu = await cpuWindow(pid, options.windowSeconds);
    const stored = (await sizeOf(dataDir)) - before;
    steps.push({
      participants,
      cpuPercent: cpu.percent,
      rssMb: await rssMbOf(pid),
      storedKbitPerSecond: (stored * 8) / 1000 / options.windowSeconds,
    });
  };
  try {
    await sleep(3000);
    await measure(0);
    for (let index = 1; index <= options.sessions; index++) {
      const seats = await liveSession(base);
      const child = spawn(process.execPath, ['--import', 'tsx', SENDERS, JSON.stringify(seats)], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      senders.push(child);
      await new Promise<void>((resolve, reject) => {
        child.stdout?.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('ready')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`the senders stopped (${code})`)));
      });
      // The first parts stored and the media steady before the window.
      await sleep(2000);
      await measure(index * 3);
    }
  } finally {
    for (const child of senders) child.kill('SIGTERM');
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
  return steps;
}

/** Per recorded participant: the CPU every added call cost over the idle server, and the memory after the first. */
export function perParticipant(steps: RecorderStep[]) {
  const idle = steps[0];
  const first = steps[1];
  const last = steps.at(-1);
  if (!idle || !first || !last || last.participants === 0) return null;
  const cpuPercent = (last.cpuPercent - idle.cpuPercent) / last.participants;
  // Memory from the first call on: werift is loaded with the first recorded connection, once per process.
  const rssMb =
    last.participants > first.participants
      ? (last.rssMb - first.rssMb) / (last.participants - first.participants)
      : (last.rssMb - idle.rssMb) / last.participants;
  // The senders share this machine's cores with the server and may not keep up: the CPU per kbit/s really stored,
  // at the nominal ~480 kbit/s of a participant, is the figure that does not depend on them.
  const stored = last.storedKbitPerSecond - idle.storedKbitPerSecond;
  const nominal = stored > 0 ? ((last.cpuPercent - idle.cpuPercent) / stored) * 480 : null;
  const per = nominal ?? cpuPercent;
  return { cpuPercent, nominal, rssMb, sessionsPerProcess: Math.floor(70 / (per * 3)) };
}
