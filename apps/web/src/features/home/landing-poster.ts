/**
 * The landing video's poster. AVIF: every browser the app's build targets decodes it (Vite's baseline, Chrome 111,
 * Safari 16.4, Firefox 114), and it is 4 KB where the JPEG is 19 KB. The JPEG stays for index.html's hero in an older
 * browser. Also named by public/color-scheme.js and vite-plugins/landing-page.ts (the landing document's preload).
 */
export const LANDING_POSTER = '/media/mohar-demo-poster.avif';
