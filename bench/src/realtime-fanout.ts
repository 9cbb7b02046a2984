import { readFile } from 'node:fs/promises';
import { NEW_NOTIFICATION_EVENT, type Notification, REALTIME_PATH } from '@mohar/contracts';
import { io, type Socket } from 'socket.io-client';

export type FanoutResult = {
  sockets: number;
  events: number;
  deliveries: number;
  p50: number;
  p99: number;
  max: number;
  rssPerSocketKb: number;
};

/** The server process's resident memory (Linux), in KB. */
async function rssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** `tsx` runs the server in a child process: follow the first children down to the process that does the work. */
async function serverProcessOf(pid: number): Promise<number> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const first = Number(children.trim().split(/\s+/)[0]);
  return first > 0 ? serverProcessOf(first) : pid;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function open(base: string, cookie: string): Promise<Socket> {
  const socket = io(base, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: { cookie },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/**
 * Fan-out on one process: `count` sockets of one signed-in user (one room), then `events` notifications sent through
 * the development endpoint. Latency is from the notification's creation (its transaction, on the server) to each
 * socket's receipt, measured on this machine's one clock. Memory: the server's RSS before and after connecting a
 * second batch of sockets.
 */
export async function measureFanout(options: {
  base: string;
  cookie: string;
  serverPid: number;
  sockets: number;
  events: number;
}): Promise<FanoutResult> {
  const serverPid = await serverProcessOf(options.serverPid);
  const openMany = async (count: number) => {
    const opened: Socket[] = [];
    for (let i = 0; i < count; i += 50)
      opened.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(50, count - i) }, () => open(options.base, options.cookie)),
        )),
      );
    return opened;
  };
  const sockets = await openMany(options.sockets);

  const latencies: number[] = [];
  for (const socket of sockets)
    socket.on(NEW_NOTIFICATION_EVENT, (n: Notification) =>
      latencies.push(Date.now() - Date.parse(n.createdAt)),
    );
  for (let i = 0; i < options.events; i += 1) {
    const expected = latencies.length + sockets.length;
    const res = await fetch(`${options.base}/api/v1/dev/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: options.cookie },
      body: JSON.stringify({ text: `Bench event ${i + 1}` }),
    });
    if (res.status !== 201) throw new Error(`dev notification failed: ${res.status}`);
    const until = Date.now() + 10_000;
    while (latencies.length < expected && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
  }
  // Memory: a second batch of the same size, on a server already past its start-up churn (the first batch's arrival
  // releases that, which would hide the sockets' own share).
  await new Promise((r) => setTimeout(r, 2_000));
  const before = await rssKb(serverPid);
  const more = await openMany(options.sockets);
  await new Promise((r) => setTimeout(r, 2_000));
  const after = await rssKb(serverPid);
  for (const socket of [...sockets, ...more]) socket.close();
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    sockets: sockets.length,
    events: options.events,
    deliveries: latencies.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    rssPerSocketKb: (after - before) / more.length,
  };
}
