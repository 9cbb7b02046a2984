import { SERVICE_HOURS } from '../../../packages/contracts/src/constants.ts';

/**
 * The login document (login.html, served on /login; docs/decisions/0028): index.html with the login page drawn in
 * its frame — the support banner, the navbar's logo and the login card — so the page's largest paint (the card's
 * intro) needs no script. Both languages are in it; public/color-scheme.js marks a Hindi visitor's document
 * (`lang="hi"`) before the first paint, and the CSS shows that language's texts only (no English flash). The app
 * replaces it on its first render and adopts what was typed (features/auth/lib/html-login.ts).
 */

type Texts = { auth: Record<string, Record<string, string>>; layout: Record<string, Record<string, string>> };
export type LoginTexts = { en: Texts; hi: Texts };

/**
 * Where the server writes its support phone and e-mail (apps/server/src/platform/spa.ts, escaped): they are its
 * settings, not the build's.
 */
export const SUPPORT_TOKENS = {
  phone: '<!--mohar:support-phone-->',
  tel: '<!--mohar:support-tel-->',
  email: '<!--mohar:support-email-->',
} as const;
/** The login document's root: the app's first render replaces it (features/auth/lib/html-login.ts reads its inputs first). */
export const HTML_LOGIN_TEST_ID = 'boot-login';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** '20:00' → '8:00 PM', as the banner words it (app/layouts/public/support-banner.tsx). */
function clock(hhmm: string): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours >= 12 ? 'PM' : 'AM'}`;
}

/** A text in both languages: each visitor sees their own (the CSS below hides the other). */
function both(texts: LoginTexts, pick: (t: Texts) => string): string {
  return (
    `<span class="ml-en">${escapeHtml(pick(texts.en))}</span>` +
    `<span class="ml-hi" lang="hi">${escapeHtml(pick(texts.hi))}</span>`
  );
}

const ICON =
  'width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"';
const CLOCK = `<svg ${ICON}><circle cx="12" cy="12" r="10"/><path d="M12 6v6l4 2"/></svg>`;
const PHONE = `<svg ${ICON}><path d="M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384"/></svg>`;
const MAIL = `<svg ${ICON}><path d="m22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7"/><rect x="2" y="4" width="20" height="16" rx="2"/></svg>`;
const LOGO =
  '<svg aria-hidden="true" width="32" height="32" viewBox="0 0 32 32" fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round"><circle cx="16" cy="16" r="13" stroke-width="3"/><path d="M10.5 16.5l4 4l7-8.5" stroke-width="3.2"/></svg>';
const EYE =
  '<svg viewBox="0 0 256 256" width="20" height="20" aria-hidden="true"><path fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round" stroke-width="16" d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z"/><circle cx="128" cy="128" r="40" fill="none" stroke="currentColor" stroke-width="16"/></svg>';

/** The phone and e-mail items of the banner, as the app draws them once /site-info is known. */
const SUPPORT =
  `<span class="ml-bi">${PHONE}<a href="tel:${SUPPORT_TOKENS.tel}">${SUPPORT_TOKENS.phone}</a></span>` +
  `<span class="ml-bi">${MAIL}<a href="mailto:${SUPPORT_TOKENS.email}">${SUPPORT_TOKENS.email}</a></span>`;

/** The support banner as the app draws it; the server writes the phone and e-mail in. */
function bannerHtml(texts: LoginTexts): string {
  const hours = both(texts, (t) =>
    (t.layout.banner?.hours ?? '')
      .replace('{{opens}}', clock(SERVICE_HOURS.opensAt))
      .replace('{{closes}}', `${clock(SERVICE_HOURS.closesAt)} IST`),
  );
  return `<div class="ml-bn"><div class="ml-bg"><span class="ml-bi">${CLOCK}<span>${hours}</span></span>${SUPPORT}</div></div>`;
}

/**
 * The login card, the same boxes as features/auth/components/login-form.tsx renders. The inputs are live (the app
 * adopts their values and focus); the button is disabled until the app replaces it, so nothing is submitted
 * without the app's checks and messages, and the form has no implicit submission (two fields, no enabled button).
 */
function cardHtml(texts: LoginTexts): string {
  const t = (key: string) => both(texts, (x) => x.auth.login?.[key] ?? '');
  const field = (key: string) => both(texts, (x) => x.auth.fields?.[key] ?? '');
  return (
    `<div class="ml-c"><div class="ml-p"><h1>${t('title')}</h1><p class="ml-i" elementtiming="login-card">${t('intro')}</p>` +
    `<form class="ml-f" novalidate>` +
    `<div class="ml-w"><label for="boot-email">${field('email')}<span aria-hidden="true"> *</span></label>` +
    `<input id="boot-email" name="email" type="email" autocomplete="email" inputmode="email" required></div>` +
    `<div class="ml-w"><label for="boot-password">${field('password')}<span aria-hidden="true"> *</span></label>` +
    `<div class="ml-pw"><input id="boot-password" name="password" type="password" autocomplete="current-password" required>${EYE}</div></div>` +
    `<p class="ml-fp"><a href="/forgetpassword">${t('forgotPassword')}</a></p>` +
    `<button type="submit" disabled>${t('submit')}</button>` +
    `<p class="ml-na">${t('noAccount')} <a href="/register">${t('registerLink')}</a></p>` +
    `</form></div></div>`
  );
}

/** #root's content in login.html: the banner, the navbar's logo, the card. */
export function loginHtml(texts: LoginTexts): string {
  return (
    `<div class="ml" data-testid="${HTML_LOGIN_TEST_ID}">${bannerHtml(texts)}` +
    `<div class="ml-nv"><div class="ml-nc"><a href="/home" class="ml-lg">${LOGO}<span>Mohar</span></a></div></div>` +
    `<main class="ml-m">${cardHtml(texts)}</main></div>`
  );
}

/**
 * The card's styles: Mantine's measures as the app resolves them (theme.ts: ink 8 primary, md radius 8 px, the
 * spacing scale; the public layout's banner and navbar), light and dark. Only the login document carries them.
 */
export const LOGIN_CSS = `<style>
.ml{min-height:100dvh;font:400 16px/1.55 'Inter Variable','Noto Sans Devanagari',system-ui,-apple-system,'Segoe UI',sans-serif;color:#000;background:#fff}
html:not([lang=hi]) .ml-hi,html[lang=hi] .ml-en{display:none}
.ml-bn{background:#2f2a7a;color:#fff;font-size:14px}
.ml-bg{box-sizing:border-box;max-width:1140px;margin:0 auto;padding:6px 16px;display:flex;flex-wrap:wrap;justify-content:center;align-items:center;gap:10px}
.ml-bi{display:flex;align-items:center;gap:6px;white-space:nowrap}
.ml-bn a{color:inherit;text-decoration:underline;text-underline-offset:2px}
.ml-nv{border-bottom:1px solid #dee2e6}
.ml-nc{box-sizing:border-box;max-width:1140px;height:64px;margin:0 auto;padding:0 16px;display:flex;align-items:center}
.ml-lg{display:inline-flex;align-items:center;gap:10px;line-height:1;color:inherit;text-decoration:none;font-size:22px;font-weight:700;letter-spacing:.01em}
.ml-c{box-sizing:border-box;max-width:480px;margin:0 auto;padding:32px 12px}
.ml-p{border:1px solid #dee2e6;border-radius:8px;padding:16px;display:flex;flex-direction:column;gap:20px}
.ml-p h1{margin:0 0 -14px;font-size:34px;line-height:1.3;font-weight:700}
.ml-i{margin:0;color:#495057}
.ml-f{display:flex;flex-direction:column;gap:16px}
.ml-w label{display:inline-block;font-size:14px;font-weight:600;line-height:1.55}
.ml-w label>span[aria-hidden]{color:#fa5252}
.ml-w input{box-sizing:border-box;display:block;width:100%;height:36px;margin:0;padding:0 12px;border:1px solid #ced4da;border-radius:8px;background:#fff;color:#000;font-family:inherit;font-size:14px;line-height:34px;outline:none}
.ml-w input:focus{border-color:#312c9c}
.ml-pw{position:relative}
.ml-pw input{padding-right:34px}
.ml-pw svg{position:absolute;right:8px;top:8px;color:#212529}
.ml-fp{margin:-6px 0 0;text-align:right;font-size:14px;line-height:1.45}
.ml-f a{color:#312c9c;text-decoration:none}
.ml-f a:hover,.ml-na a{text-decoration:underline}
.ml-f button{height:42px;padding:0 22px;border:1px solid transparent;border-radius:8px;background:#312c9c;color:#fff;font-family:inherit;font-size:16px;font-weight:600;line-height:1}
.ml-na{margin:0;text-align:center;font-size:14px;line-height:1.45}
@media (min-width:48em){.ml-c{padding-inline:16px}.ml-p{padding:32px}}
@media (min-width:62em){.ml-c{padding-block:56px}}
[data-mantine-color-scheme=dark] .ml{background:#242424;color:#c9c9c9}
[data-mantine-color-scheme=dark] .ml-nv,[data-mantine-color-scheme=dark] .ml-p{border-color:#424242}
[data-mantine-color-scheme=dark] .ml-i{color:#969696}
[data-mantine-color-scheme=dark] .ml-w input{background:#2e2e2e;border-color:#424242;color:#c9c9c9}
[data-mantine-color-scheme=dark] .ml-pw svg{color:#c9c9c9}
[data-mantine-color-scheme=dark] .ml-f a{color:#8983d9}
[data-mantine-color-scheme=dark] .ml-f button{background:#6860ce}
</style>`;

/** login.html from the built index.html (its frame, the app's entry and preloads unchanged). */
export function loginDocument(indexHtml: string, texts: LoginTexts): string {
  const root = /<div id="root">[\s\S]*?<\/div>(?=\s*<\/body>)/.exec(indexHtml);
  if (!root) throw new Error('login page: no #root in index.html');
  if (!indexHtml.includes('</head>')) throw new Error('login page: no </head> in index.html');
  return indexHtml
    .replace('<html lang="en">', '<html lang="en" data-login>')
    .replace(root[0], `<div id="root">${loginHtml(texts)}</div>`)
    .replace('</head>', `${LOGIN_CSS}\n  </head>`);
}
