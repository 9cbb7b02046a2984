import { afterEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_READ_PATHS } from '@/features/dashboard/api/dashboard-reads';
import { API_BASE_PATH } from '@/lib/api-base';
import { api } from '@/lib/api-client';
import { dropBootReads, startBootRead } from '@/lib/boot-read';
import { roleOfSessionAnswer, startRoleDashboardAtBoot } from './dashboard-at-boot';

// The network is the browser's, not the product's: the session and the dashboard's reads answer with real Responses,
// and every request the page makes is noted.
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const user = (role: string) => ({ _id: 'u1', name: 'Asha', email: 'asha@example.com', role });

function network(session: () => Response) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const path = url.slice(API_BASE_PATH.length);
    asked.push(path);
    if (path === '/session') return session();
    return json({ path });
  });
  return asked;
}

afterEach(() => {
  dropBootReads();
  vi.unstubAllGlobals();
});

describe('on /dashboard, once the session names the role', () => {
  it("a client's applications are asked for at boot, and the screen's read takes that answer", async () => {
    const asked = network(() => json({ user: user('client') }));
    startBootRead('/session');
    await startRoleDashboardAtBoot();
    expect(asked).toEqual(['/session', DASHBOARD_READ_PATHS.applications]);
    await expect(api.get(DASHBOARD_READ_PATHS.applications)).resolves.toEqual({
      path: DASHBOARD_READ_PATHS.applications,
    });
    // The guard still reads the whole session answer: the boot only read a copy.
    await expect(api.get('/session')).resolves.toEqual({ user: user('client') });
    expect(asked).toHaveLength(2);
  });

  it("an admin's counts are asked for instead", async () => {
    const asked = network(() => json({ user: user('admin') }));
    startBootRead('/session');
    await startRoleDashboardAtBoot();
    expect(asked).toEqual(['/session', DASHBOARD_READ_PATHS.admin]);
  });

  it('nothing more is asked for a visitor who is not signed in', async () => {
    const asked = network(() => json({ message: 'Please log in.', code: 'auth.unauthenticated' }, 401));
    startBootRead('/session');
    await startRoleDashboardAtBoot();
    expect(asked).toEqual(['/session']);
  });

  it('an answer the first screen did not take is dropped when the app moves on: the next read asks again', async () => {
    const asked = network(() => json({ user: user('notary') }));
    startBootRead('/session');
    await startRoleDashboardAtBoot();
    dropBootReads();
    await api.get(DASHBOARD_READ_PATHS.applications);
    expect(asked.filter((path) => path === DASHBOARD_READ_PATHS.applications)).toHaveLength(2);
  });
});

describe('roleOfSessionAnswer', () => {
  it('reads the role of a signed-in user and nothing else', () => {
    expect(roleOfSessionAnswer({ user: user('notary') })).toBe('notary');
    expect(roleOfSessionAnswer({ user: user('superuser') })).toBeUndefined();
    expect(roleOfSessionAnswer({ user: null })).toBeUndefined();
    expect(roleOfSessionAnswer(null)).toBeUndefined();
    expect(roleOfSessionAnswer('client')).toBeUndefined();
  });
});
