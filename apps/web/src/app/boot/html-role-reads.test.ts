// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { routeDocument } from '../../../vite-plugins/route-preloads.ts';

// The boot script as dashboard.html runs it, before the app: its data block from the build's own function.
const BOOT_SCRIPT = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../public/color-scheme.js'),
  'utf8',
);
const INDEX = '<html><head><script src="/color-scheme.js"></script></head><body></body></html>';
const LIST = '/api/v1/applications?page=1&pageSize=20';

type Win = typeof window & { moharBootReads?: Record<string, Promise<Response>> };

/** Runs the boot script on `pathname` with the network answering the session with `session`; the URLs it asked. */
async function boot(pathname: string, session: { status: number; body: unknown }) {
  const html = routeDocument(INDEX, { route: '/dashboard', files: [], reads: ['/api/v1/session'] });
  // The data block alone: the script itself is run below, as the browser runs it.
  document.head.innerHTML = /<script id="mohar-preloads"[^<]*<\/script>/.exec(html)?.[0] ?? '';
  window.history.replaceState(null, '', pathname);
  const asked: string[] = [];
  // The network is the boundary: the answers the server would give.
  window.fetch = (async (url: string) => {
    asked.push(url);
    return new Response(JSON.stringify(url === '/api/v1/session' ? session.body : { applications: [] }), {
      status: url === '/api/v1/session' ? session.status : 200,
    });
  }) as typeof fetch;
  new Function(BOOT_SCRIPT)();
  await new Promise((resolve) => setTimeout(resolve, 10));
  return { asked, reads: (window as Win).moharBootReads ?? {} };
}

afterEach(() => {
  document.head.innerHTML = '';
  delete (window as Win).moharBootReads;
});

describe("dashboard.html's boot script (decision 0077)", () => {
  it('starts the client’s list once the session names the role, and leaves both answers for the app to take', async () => {
    const { asked, reads } = await boot('/dashboard', { status: 200, body: { user: { role: 'client' } } });
    expect(asked).toEqual(['/api/v1/session', LIST]);
    expect(Object.keys(reads).sort()).toEqual(['/api/v1/session', LIST].sort());
    // The app still reads the session's own body: the script read a copy.
    expect((await (await reads['/api/v1/session']!).json()).user.role).toBe('client');
  });

  it('starts the admin’s counts for an admin, and nothing more for someone signed out', async () => {
    expect((await boot('/dashboard', { status: 200, body: { user: { role: 'admin' } } })).asked).toEqual([
      '/api/v1/session',
      '/api/v1/admin/dashboard',
    ]);
    expect((await boot('/dashboard/', { status: 401, body: { message: 'x', code: 'x' } })).asked).toEqual([
      '/api/v1/session',
    ]);
  });

  it('starts nothing on another path, and no role’s read for a role it does not know', async () => {
    expect((await boot('/profile', { status: 200, body: { user: { role: 'client' } } })).asked).toEqual([]);
    expect((await boot('/dashboard', { status: 200, body: { user: { role: 'toString' } } })).asked).toEqual([
      '/api/v1/session',
    ]);
  });
});
