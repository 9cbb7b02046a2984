// `npm run dev`: the API with reload on change, and Vite's dev server (hot reload) proxying /api to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, WEB_DIR } from './web-build.ts';

const apiPort = process.env.PORT ?? '3000';
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
  }),
  spawn(bin('vite'), ['--host', '127.0.0.1'], {
    cwd: WEB_DIR,
    stdio: 'inherit',
    env: { ...process.env, VITE_API_PROXY: `http://127.0.0.1:${apiPort}` },
  }),
];

const stopAll = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children) {
  child.on('exit', (code) => {
    stopAll();
    process.exitCode = code ?? 0;
  });
}
