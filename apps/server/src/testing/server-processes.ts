import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS, serverEnv } from '../server-process.ts';
import { atNormalPriority } from './normal-priority.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * How a server process is started in production (the Dockerfile's command, and `npm start`'s child): Node with the
 * server's flags and main.ts (Node strips the types itself) — migrations and the key check in its own child first, then listening.
 */
export const SERVER_COMMAND = [...SERVER_NODE_FLAGS, 'apps/server/src/main.ts'];

/** A port nothing listens on now (the OS's choice), for a process that must be told its port before it starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export type ServerProcess = {
  origin: string;
  port: number;
  child: ChildProcess;
  /** What it wrote to stdout and stderr (the last 20 KB), for a failure's message. */
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * Starts a real server process (apps/server/src/main.ts, as in production) on 127.0.0.1:`port` with `env` over this
 * process's environment, and resolves once `GET /api/v1/health` answers 200; rejects with its output if it exits
 * first or does not answer within `timeoutMs`.
 */
export async function startServerProcess(options: {
  port: number;
  env: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const child = atNormalPriority(
    spawn(process.execPath, SERVER_COMMAND, {
      cwd: ROOT,
      env: serverEnv({ ...process.env, ...options.env, HOST: '127.0.0.1', PORT: String(options.port) }),
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const until = Date.now() + (options.timeoutMs ?? 90_000);
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server process exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    const healthy = await fetch(`${origin}/api/v1/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return { origin, port: options.port, child, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the server process did not answer on ${origin}:\n${output}`);
}
