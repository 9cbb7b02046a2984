/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ENTRY_META,
  POSTER_AVIF,
  versionBootScript,
  versionScript,
} from '../vite-plugins/landing-page.ts';
import { HTML_LOGIN_TEST_ID, SUPPORT_TOKENS } from '../vite-plugins/login-page.ts';
import { LANDING_POSTER } from './features/home/landing-poster';
import { BUILD_TIMEOUT_MS, DIST, productionBuild, ROOT, readBuilt } from './lib/testing/production-build.ts';

// The landing document and the other pages' index.html, checked on the production build (docs/decisions/0022).
const read = readBuilt;
const hero = (
  JSON.parse(readFileSync(path.join(ROOT, 'apps/web/src/locales/en/home.json'), 'utf8')) as {
    hero: { title: string };
  }
).hero;

let home: string;
let index: string;
let login: string;
let entry: string;
let entryCss: string[];

beforeAll(() => {
  const main = Object.values(productionBuild()).find((chunk) => chunk.isEntry)!;
  entry = `/${main.file}`;
  entryCss = (main.css ?? []).map((file) => `/${file}`);
  home = read('home.html');
  index = read('index.html');
  login = read('login.html');
}, BUILD_TIMEOUT_MS);

describe('the landing document (home.html)', () => {
  it('holds the hero, in English, with real links', () => {
    expect(home).toContain('data-testid="boot-hero"');
    expect(home).toContain(hero.title);
    expect(home).toContain('<a class="mb-b1" href="/login">');
    expect(home).toContain('<html lang="en" data-landing>');
  });

  it('names the app’s entry in a meta and loads no script of the app itself', () => {
    expect(home).toContain(`<meta name="${APP_ENTRY_META}" content="${entry}">`);
    expect(home).not.toMatch(/<script[^>]+type="module"/);
    expect(home).not.toContain('modulepreload');
    // The entry's stylesheet stays: it holds the fonts' faces, and React needs it when it mounts.
    for (const css of entryCss) expect(home).toContain(`<link rel="stylesheet" crossorigin href="${css}">`);
  });

  it('preloads the AVIF poster from the HTML, the one React’s video shows too', () => {
    expect(POSTER_AVIF).toBe(LANDING_POSTER);
    expect(home).toMatch(
      new RegExp(
        `<link rel="preload" as="image" href="${POSTER_AVIF}" type="image/avif" fetchpriority="high">`,
      ),
    );
    const poster = readFileSync(path.join(DIST, POSTER_AVIF));
    expect(poster.subarray(4, 12).toString('latin1')).toBe('ftypavif');
    expect(poster.length).toBeLessThan(8 * 1024);
  });
});

describe('both documents', () => {
  it('name the boot script with its content’s hash, so a cached older copy is never used with them', () => {
    const script = readFileSync(path.join(DIST, 'color-scheme.js'), 'utf8');
    const expected = versionBootScript('<script src="/color-scheme.js"></script>', script);
    expect(expected).toMatch(/\?v=[0-9a-f]{10}"/);
    for (const html of [home, index, login]) expect(html).toContain(expected);
    const tag = '<script src="/color-scheme.js"></script>';
    expect(versionBootScript(tag, `${script}\n`), 'another script, another URL').not.toBe(expected);
  });

  it('the script that starts the app after the first paint is in home.html and login.html alone, by its content’s hash', () => {
    const script = readFileSync(path.join(DIST, 'landing-boot.js'), 'utf8');
    const tag = versionScript('<script src="/landing-boot.js"></script>', '/landing-boot.js', script);
    expect(tag).toMatch(/\?v=[0-9a-f]{10}"/);
    for (const html of [home, login]) {
      expect(html).toContain(tag);
      expect(html.indexOf(tag), 'after the colour mode').toBeGreaterThan(html.indexOf('/color-scheme.js'));
    }
    expect(index).not.toContain('landing-boot');
    expect(readFileSync(path.join(DIST, 'color-scheme.js'), 'utf8')).not.toContain('mohar:app');
  });

  it('load their boot scripts minified: their comments are for the source', () => {
    for (const [name, marker] of [
      ['color-scheme.js', 'data-mantine-color-scheme'],
      ['landing-boot.js', 'mohar:app'],
    ] as const) {
      const source = readFileSync(path.join(ROOT, 'apps/web/public', name), 'utf8');
      const built = readFileSync(path.join(DIST, name), 'utf8');
      expect(source).toMatch(/^\/\/ /);
      expect(built, name).not.toContain('//');
      expect(built, name).toContain(marker);
      expect(built.length, name).toBeLessThan(source.length * 0.75);
    }
  });
});

describe('index.html (every other page)', () => {
  it('loads the app’s entry itself and carries no hero and no poster', () => {
    expect(index).toContain(`<script type="module" crossorigin src="${entry}"></script>`);
    expect(index).not.toContain('boot-hero');
    expect(index).not.toContain('data-landing');
    expect(index).not.toContain(`href="${POSTER_AVIF}"`);
  });
});

type LoginLocale = { login: Record<string, string>; fields: Record<string, string> };
const locale = (language: string, namespace: string) =>
  JSON.parse(readFileSync(path.join(ROOT, `apps/web/src/locales/${language}/${namespace}.json`), 'utf8'));

describe('the login document (login.html, docs/decisions/0028)', () => {
  it('carries the login card with its texts in English and in Hindi, each marked for its language', () => {
    expect(login).toContain(`data-testid="${HTML_LOGIN_TEST_ID}"`);
    for (const language of ['en', 'hi']) {
      const auth = locale(language, 'auth') as LoginLocale;
      const texts = [
        auth.login.title,
        auth.login.intro,
        auth.login.forgotPassword,
        auth.login.submit,
        auth.login.noAccount,
        auth.login.registerLink,
        auth.fields.email,
        auth.fields.password,
      ];
      for (const text of texts)
        expect(login, `${language}: ${text}`).toContain(`<span class="ml-${language}"`);
      for (const text of texts) expect(login, `${language}: ${text}`).toContain(`>${text}</span>`);
    }
    // A Hindi visitor's document is marked before the first paint, and the other language's texts are hidden.
    expect(readFileSync(path.join(DIST, 'color-scheme.js'), 'utf8')).toContain('mohar.language');
    expect(login).toContain('html:not([lang=hi]) .ml-hi,html[lang=hi] .ml-en{display:none}');
  });

  it('has the same fields as the app’s form, and a button that waits for the app', () => {
    expect(login).toContain('<input id="boot-email" name="email" type="email" autocomplete="email"');
    expect(login).toContain('name="password" type="password" autocomplete="current-password"');
    expect(login).toContain('<button type="submit" disabled>');
    expect(login).toContain('<a href="/forgetpassword">');
    expect(login).toContain('<a href="/register">');
  });

  it('leaves the support phone and e-mail to the server', () => {
    for (const token of Object.values(SUPPORT_TOKENS)) expect(login).toContain(token);
    expect(login).not.toContain('boot-hero');
    expect(login).not.toContain('data-testid="boot-frame"');
    expect(index).not.toContain(HTML_LOGIN_TEST_ID);
    expect(home).not.toContain(HTML_LOGIN_TEST_ID);
  });

  it('starts the app after the card’s intro has painted: the entry in a meta, no script or preload of the app (decision 0040)', () => {
    expect(login).toContain('<html lang="en" data-login>');
    expect(login).toContain('<p class="ml-i" elementtiming="login-card">');
    expect(login).toContain(`<meta name="${APP_ENTRY_META}" content="${entry}">`);
    expect(login).not.toMatch(/<script[^>]+type="module"/);
    expect(login).not.toContain('modulepreload');
    for (const css of entryCss) expect(login).toContain(`<link rel="stylesheet" crossorigin href="${css}">`);
  });
});
