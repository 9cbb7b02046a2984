import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildersFor } from '../../apps/server/src/testing/builders/index.ts';
import { listening } from '../../apps/server/src/testing/realtime.ts';
import { createTestApp } from '../../apps/server/src/testing/test-app.ts';

const SENDERS = fileURLToPath(new URL('./recorder-senders.ts', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type RecorderStep = { participants: number; cpuPercent: number; rssMb: number; heapMb: number };

/**
 * The server recorder's cost (issue 24, decision 0081): the server runs in this process (embedded database, the
 * file store on disk); three-person calls are added one at a time, their participants in a child process sending
 * camera-like media to the recorder (bench/src/recorder-senders.ts), and after each this process's CPU (% of one
 * core) over `windowSeconds` and its memory are read. The first window is the idle server.
 */
export async function measureRecorderLoad(options: { sessions: number; windowSeconds: number }) {
  const t = await createTestApp({ now: () => new Date('2026-11-23T12:00:00+05:30') });
  const origin = await listening(t.app);
  const build = buildersFor(t);
  const children: ChildProcess[] = [];
  const steps: RecorderStep[] = [];
  const measure = async (participants: number): Promise<RecorderStep> => {
    const before = process.cpuUsage();
    const startedAt = performance.now();
    await sleep(options.windowSeconds * 1000);
    const used = process.cpuUsage(before);
    const seconds = (performance.now() - startedAt) / 1000;
    const memory = process.memoryUsage();
    return {
      participants,
      cpuPercent: (used.user + used.system) / 1e4 / seconds,
      rssMb: memory.rss / 2 ** 20,
      heapMb: memory.heapUsed / 2 ** 20,
    };
  };
  try {
    steps.push(await measure(0));
    for (let index = 1; index <= options.sessions; index++) {
      const session = await build.liveSession({
        signatories: [{ fullName: 'Asha Verma' }, { fullName: 'Bela Kapoor' }],
      });
      const seats = [
        { origin, applicationId: session.id, cookie: session.notary.cookie },
        ...session.signatories.map((s) => ({ origin, applicationId: session.id, portalToken: s.token })),
      ];
      const child = spawn(process.execPath, ['--import', 'tsx', SENDERS, JSON.stringify(seats)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      await new Promise<void>((resolve, reject) => {
        child.stdout?.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('ready')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`the senders stopped (${code})`)));
      });
      // The first parts stored and the media steady before the window.
      await sleep(2000);
      steps.push(await measure(index * 3));
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await t.close();
  }
  return steps;
}

/** Per recorded participant: the CPU and memory each added call cost, divided by its three people. */
export function perParticipant(steps: RecorderStep[]) {
  const idle = steps[0];
  const last = steps.at(-1);
  if (!idle || !last || last.participants === 0) return null;
  const cpuPercent = (last.cpuPercent - idle.cpuPercent) / last.participants;
  // Memory: from the first call on (werift is loaded with the first recorded connection, once per process).
  const first = steps[1];
  const rssMb =
    first && last.participants > first.participants
      ? (last.rssMb - first.rssMb) / (last.participants - first.participants)
      : (last.rssMb - idle.rssMb) / last.participants;
  return { cpuPercent, rssMb, sessionsPerProcess: Math.floor(70 / (cpuPercent * 3)) };
}
