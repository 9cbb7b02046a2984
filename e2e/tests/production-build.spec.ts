import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SEEDED_URL } from '../fixtures/app.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ASSETS = path.join(ROOT, 'apps/web/dist/assets');

/**
 * What people get is a production build: React's production runtime (no `jsxDEV`), no development-only warnings
 * and none of the build machine's source paths. Every script the server serves is fetched and read as a browser
 * receives it.
 */
test('every script the server serves is a production build', async ({ request }) => {
  const scripts = readdirSync(ASSETS).filter((name) => name.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(10);

  // index.html, sent for every page but the landing page, /login and /dashboard (whose documents name the entry in a
  // meta or preload it: decisions 0022, 0040, 0041).
  const page = await request.get(`${SEEDED_URL}/register`);
  const entry = (await page.text()).match(/<script[^>]+src="\/assets\/([^"]+\.js)"/)?.[1];
  expect(entry, 'the entry script index.html names').toBeTruthy();
  expect(scripts).toContain(entry);

  for (const name of scripts) {
    const response = await request.get(`${SEEDED_URL}/assets/${name}`);
    expect(response.status(), name).toBe(200);
    const body = await response.text();
    expect(body, `${name} uses the development JSX runtime`).not.toContain('jsxDEV');
    expect(body, `${name} carries the build machine's paths`).not.toContain(ROOT);
  }
});
