import { ADMIN_ROLES, type AdminRole } from '@mohar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../testing/applications.ts';
import {
  type Builders,
  type BuiltLiveSession,
  type BuiltUser,
  buildersFor,
} from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
let live: BuiltLiveSession;
let admins: Array<{ role: AdminRole; user: BuiltUser }>;

beforeAll(async () => {
  // Sessions run 10:00–20:00 IST: the app's clock stays at noon.
  t = await createTestApp({ now: () => new Date('2026-11-23T12:00:00+05:30') });
  build = buildersFor(t);
  live = await build.liveSession();
  admins = await Promise.all(
    ADMIN_ROLES.map(async (role) => ({ role, user: await build.admin({ adminRoles: [role] }) })),
  );
});
afterAll(() => t.close());

/**
 * Routes outside /admin that admins share with clients or notaries (decision 0058), and which admin roles each
 * admits (`owner` passes all). Before, any admin passed, whatever their roles.
 */
const ROUTES: Array<{ method: 'GET' | 'POST'; url: () => string; roles: readonly AdminRole[] }> = [
  { method: 'GET', url: () => `/applications/${live.id}`, roles: ['support', 'compliance', 'finance'] },
  {
    method: 'GET',
    url: () => `/applications/${live.id}/events`,
    roles: ['support', 'compliance', 'finance'],
  },
  { method: 'GET', url: () => '/applications', roles: ['support', 'compliance', 'finance'] },
  {
    method: 'GET',
    url: () => `/applications/${live.id}/payment`,
    roles: ['support', 'compliance', 'finance'],
  },
  {
    method: 'GET',
    url: () => `/applications/${live.id}/session-events`,
    roles: ['support', 'compliance', 'finance'],
  },
  {
    method: 'GET',
    url: () =>
      `/applications/${live.id}/signatories/${live.signatories[0]?.id}/identity/selfie?reason=Review`,
    roles: ['support', 'compliance'],
  },
  { method: 'GET', url: () => `/sessions/${live.id}/recording/info`, roles: ['compliance'] },
  { method: 'POST', url: () => `/applications/${live.id}/opening-reminder`, roles: ['support'] },
  {
    method: 'POST',
    url: () => `/applications/${live.id}/signatories/${live.signatories[0]?.id}/reminder`,
    roles: ['support'],
  },
];

const isRefused = (res: { statusCode: number; json: () => { code?: string } }) =>
  res.statusCode === 404 && res.json().code === 'request.not_found';

describe('routes outside the console check the admin role (issue 22, decision 0058)', () => {
  it('admit only the admin roles that work on applications, recordings and identity', async () => {
    const wrong: string[] = [];
    for (const route of ROUTES) {
      for (const { role, user } of admins) {
        const expected = role === 'owner' || route.roles.includes(role);
        const res = await call(
          t,
          route.method,
          route.url(),
          user.cookie,
          route.method === 'POST' ? {} : undefined,
        );
        if (isRefused(res) === expected)
          wrong.push(`${route.method} ${route.url()} as ${role} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('show an application to support and its owner as before, and nothing to a content admin', async () => {
    const support = admins.find((a) => a.role === 'support')?.user;
    const content = admins.find((a) => a.role === 'content')?.user;
    expect((await call(t, 'GET', `/applications/${live.id}`, support?.cookie)).statusCode).toBe(200);
    expect((await call(t, 'GET', `/applications/${live.id}`, live.owner.cookie)).statusCode).toBe(200);
    expect((await call(t, 'GET', `/applications/${live.id}`, content?.cookie)).statusCode).toBe(404);
    // Their own things stay theirs: notifications and the session answer.
    expect((await call(t, 'GET', '/notifications', content?.cookie)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/session', content?.cookie)).statusCode).toBe(200);
  });
});
