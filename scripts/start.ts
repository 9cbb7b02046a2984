// `npm start`: build the web app if its build is missing or stale, then run the platform on one port.
// The build and the server each run in a process of their own: the server is started with the flags and allocator
// settings that keep it small (apps/server/src/server-process.ts), which must be in place before Node starts, and a Vite build
// leaves hundreds of MB resident in the process that ran it. This process only waits and passes signals on.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS, serverEnv } from '../apps/server/src/server-process.ts';
import { isWebBuildFresh } from './web-build.ts';

const script = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

if (!(await isWebBuildFresh())) {
  const build = spawnSync(process.execPath, [script('./build-web.ts')], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, script('../apps/server/src/main.ts')], {
  stdio: 'inherit',
  env: serverEnv(process.env),
});
// A terminal's Ctrl-C reaches both processes; a signal sent to this one alone is passed on. The server shuts down
// once however many arrive.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
