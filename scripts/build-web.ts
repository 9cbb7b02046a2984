// `npm run build` (always) and the e2e pre-step (only when stale): the production build of apps/web.
import { ensureWebBuild } from './web-build.ts';

const result = await ensureWebBuild({ force: process.argv.includes('--force') });
console.log(result === 'fresh' ? 'Web build is up to date.' : 'Web build written to apps/web/dist.');
