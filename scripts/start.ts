// `npm start`: build the web app if its build is missing or stale, then run the platform on one port.
import { ensureWebBuild } from './web-build.ts';

await ensureWebBuild();
const { main } = await import('../apps/server/src/main.ts');
await main();
