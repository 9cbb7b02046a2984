import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { minifySync, type Plugin } from 'vite';
import { type LoginTexts, loginDocument } from './login-page.ts';

/** The landing page's poster: AVIF (4 KB) for every browser the app's build targets, the JPEG for older ones. */
export const POSTER_AVIF = '/media/mohar-demo-poster.avif';

/** The meta that names the app's entry in the landing document instead of a script tag (public/color-scheme.js). */
export const APP_ENTRY_META = 'mohar:app';

const HERO_PLACEHOLDER = '<!--mohar:hero-->';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The landing page's hero (title, texts, the two calls to action, the video's poster), from the English texts. */
export function heroHtml(hero: Record<string, string>): string {
  const t = (key: string) => escapeHtml(hero[key] ?? '');
  return (
    `<section class="mb-hero" data-testid="boot-hero" aria-labelledby="boot-hero-title"><div class="mb-hg">` +
    `<div class="mb-hs"><h1 id="boot-hero-title">${t('title')}</h1><p class="mb-ht">${t('tagline')}</p>` +
    `<p class="mb-hb">${t('body')}</p><p class="mb-ha"><a class="mb-b1" href="/login">${t('notarizeNow')}</a>` +
    `<a class="mb-b2" href="/contact?topic=demo">${t('bookDemo')}</a></p></div>` +
    `<div class="mb-hv" role="img" aria-label="${t('videoLabel')}" elementtiming="hero-poster"></div></div></section>`
  );
}

/**
 * A document whose app starts after its first paint: the app's entry named in a meta instead of a script tag, and
 * its modulepreloads dropped, so neither competes with the page's largest paint; public/landing-boot.js adds the
 * entry once that element has painted.
 */
export function entryAfterPaint(indexHtml: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml);
  if (!entry?.[1]) throw new Error('landing page: no module script in index.html');
  return indexHtml
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(entry[0], `<meta name="${APP_ENTRY_META}" content="${entry[1]}">`);
}

/**
 * The landing document (home.html, served on `/` and `/home`) from the built index.html: the hero in the frame, the
 * poster preloaded from the HTML itself, and the app started after the hero has painted (entryAfterPaint).
 */
export function landingDocument(indexHtml: string, hero: string): string {
  if (!indexHtml.includes(HERO_PLACEHOLDER))
    throw new Error('landing page: no hero placeholder in index.html');
  return entryAfterPaint(indexHtml)
    .replace('<html lang="en">', '<html lang="en" data-landing>')
    .replace(HERO_PLACEHOLDER, hero)
    .replace(
      /(<meta name="mohar:app"[^>]*>)/,
      `$1\n    <link rel="preload" as="image" href="${POSTER_AVIF}" type="image/avif" fetchpriority="high">`,
    );
}

const BOOT_SCRIPT = '/color-scheme.js';
/** The boot script of the documents whose app starts after their first paint (home.html and login.html). */
const LANDING_SCRIPT = '/landing-boot.js';

/**
 * A public script's URL with its content's hash: public files are cached for an hour, and a cached older copy would
 * not start the app from the landing document. Both documents are never cached, so they always name the current one.
 */
export function versionScript(html: string, name: string, script: string): string {
  const version = createHash('sha256').update(script).digest('hex').slice(0, 10);
  return html.replace(`src="${name}"`, `src="${name}?v=${version}"`);
}

/** The boot script every page loads (public/color-scheme.js), by its content's hash. */
export const versionBootScript = (html: string, script: string) => versionScript(html, BOOT_SCRIPT, script);

/** A document that starts its app after its first paint: index.html's boot script, then the landing one (each by its content's hash). */
export function withLandingScript(html: string, landingScript: string): string {
  const boot = /<script src="\/color-scheme\.js[^"]*"><\/script>/.exec(html);
  if (!boot) throw new Error('landing page: no boot script in index.html');
  const tag = `<script src="${LANDING_SCRIPT}"></script>`;
  return html.replace(boot[0], `${boot[0]}\n    ${versionScript(tag, LANDING_SCRIPT, landingScript)}`);
}

/** Public files are copied as they are: a boot script is sent without its comments. */
function minifyPublicScript(publicDir: string, outDir: string, name: string): string {
  const code = minifySync(name, readFileSync(path.join(publicDir, name), 'utf8')).code;
  writeFileSync(path.join(outDir, name), code);
  return code;
}

const readLocale = (language: string, namespace: string): unknown =>
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL(`../src/locales/${language}/${namespace}.json`, import.meta.url)),
      'utf8',
    ),
  );

/** The texts login.html carries, in both languages. */
function loginTexts(): LoginTexts {
  const of = (language: string) => ({
    auth: readLocale(language, 'auth') as LoginTexts['en']['auth'],
    layout: readLocale(language, 'layout') as LoginTexts['en']['layout'],
  });
  return { en: of('en'), hi: of('hi') };
}

/**
 * Writes home.html and login.html beside index.html at the end of a production build (docs/decisions/0018, 0022,
 * 0028). index.html, sent for every other page, keeps its script tag and the plain branded frame. The development server has no landing
 * document: every page shows the frame until React mounts.
 */
export function landingPage(): Plugin {
  let outDir = '';
  let publicDir = '';
  return {
    name: 'mohar-landing-page',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    writeBundle() {
      const texts = readLocale('en', 'home') as { hero: Record<string, string> };
      const indexFile = path.join(outDir, 'index.html');
      const bootScript = minifyPublicScript(publicDir, outDir, BOOT_SCRIPT);
      const landingScript = minifyPublicScript(publicDir, outDir, LANDING_SCRIPT);
      const index = versionBootScript(readFileSync(indexFile, 'utf8'), bootScript);
      const home = withLandingScript(landingDocument(index, heroHtml(texts.hero)), landingScript);
      writeFileSync(path.join(outDir, 'home.html'), home);
      const frame = index.replace(HERO_PLACEHOLDER, '');
      const login = withLandingScript(entryAfterPaint(loginDocument(frame, loginTexts())), landingScript);
      writeFileSync(path.join(outDir, 'login.html'), login);
      writeFileSync(indexFile, frame);
    },
  };
}
