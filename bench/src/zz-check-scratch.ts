import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '/work/wt-home/e2e/fixtures/browser.ts';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const url of ['/home', '/login', '/resources', '/pricing', '/contact']) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const log: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'font') log.push(new URL(r.url()).pathname.replace('/assets/', '')); });
  await page.goto('http://127.0.0.1:3520' + url, { waitUntil: 'networkidle' });
  console.log(url, log.join(' '));
  if (url === '/home') await page.screenshot({ path: '/tmp/home-h/shot-font.png', fullPage: false });
  await page.close();
}
await browser.close();
