// Writes the SVG frames of the home-page demo video (a short walkthrough of a Mohar notarisation).
// Usage: node scripts/media/demo-frames.mjs <out-dir> [fps] [seconds]
// No dependencies. make-demo-video.sh rasterises the frames with rsvg-convert and encodes them with ffmpeg.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const outDir = process.argv[2] ?? 'frames';
const fps = Number(process.argv[3] ?? 24);
const seconds = Number(process.argv[4] ?? 12);

const C = {
  ink: '#2F2A7A',
  indigo: '#3B3B98',
  lav: '#E6E5F5',
  lav2: '#D4D2EE',
  amber: '#F59E0B',
  green: '#2F9E44',
  bg: '#F7F7FB',
  white: '#FFFFFF',
};
const FONT = 'font-family="sans-serif"';
const STROKE = `stroke="${C.ink}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"`;

// Scenes: [start, end] in seconds, caption, draw(t) with t in 0..1 across the scene.
const scenes = [
  { from: 0, to: 2.6, caption: 'Upload your PDF', draw: uploadScene },
  { from: 2.6, to: 5.2, caption: 'Verify with masked Aadhaar', draw: identityScene },
  { from: 5.2, to: 8, caption: 'Meet the notary on video', draw: callScene },
  { from: 8, to: 10, caption: 'Sign in turn', draw: signScene },
  { from: 10, to: seconds, caption: 'Notarised', draw: sealScene },
];

const clamp = (v, lo = 0, hi = 1) => Math.min(hi, Math.max(lo, v));
const ease = (t) => {
  const x = clamp(t);
  return x < 0.5 ? 2 * x * x : 1 - (-2 * x + 2) ** 2 / 2;
};
const easeOutBack = (t) => {
  const x = clamp(t);
  const c1 = 1.70158;
  const c3 = c1 + 1;
  return 1 + c3 * (x - 1) ** 3 + c1 * (x - 1) ** 2;
};
const n = (v) => Number(v.toFixed(1));

function documentShape(x, y, w, h, lines = 6) {
  const f = 44;
  let s = `<path d="M${x} ${y + 14}q0-14 14-14h${w - f - 14}l${f} ${f}v${h - f - 14}q0 14-14 14h-${w - 28}q-14 0-14-14z" fill="${C.white}" ${STROKE}/>`;
  s += `<path d="M${x + w - f} ${y}v${f}h${f}" fill="none" ${STROKE}/>`;
  for (let i = 0; i < lines; i++) {
    const len = i % 3 === 2 ? (w - 80) * 0.6 : w - 80;
    s += `<path d="M${x + 40} ${y + 86 + i * 38}h${n(len)}" stroke="${C.lav2}" stroke-width="11" stroke-linecap="round"/>`;
  }
  return s;
}

function person(cx, cy, scale, color = C.indigo) {
  const k = scale;
  return (
    `<circle cx="${n(cx)}" cy="${n(cy - 22 * k)}" r="${n(26 * k)}" fill="${C.white}" stroke="${color}" stroke-width="6"/>` +
    `<path d="M${n(cx - 48 * k)} ${n(cy + 56 * k)}q0-42 ${n(48 * k)}-42q${n(48 * k)} 0 ${n(48 * k)} 42" fill="${C.white}" stroke="${color}" stroke-width="6" stroke-linecap="round"/>`
  );
}

function checkBadge(cx, cy, r, progress) {
  const p = clamp(progress);
  if (p <= 0) return '';
  const len = 64;
  return (
    `<circle cx="${cx}" cy="${cy}" r="${n(r * easeOutBack(p))}" fill="${C.green}"/>` +
    `<path d="M${cx - r * 0.4} ${cy + r * 0.02}l${r * 0.28} ${r * 0.3}l${r * 0.52}-${r * 0.58}" fill="none" stroke="${C.white}" stroke-width="${n(r * 0.2)}" stroke-linecap="round" stroke-linejoin="round" stroke-dasharray="${len}" stroke-dashoffset="${n(len * (1 - clamp(p * 1.6 - 0.4)))}"/>`
  );
}

function seal(cx, cy, r, withCheck = true) {
  let s =
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${C.white}" stroke="${C.indigo}" stroke-width="${n(r * 0.09)}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${n(r * 0.8)}" fill="none" stroke="${C.indigo}" stroke-width="${n(r * 0.04)}" stroke-dasharray="${n(r * 0.09)} ${n(r * 0.1)}"/>`;
  if (withCheck) {
    s += `<path d="M${n(cx - r * 0.38)} ${n(cy + r * 0.02)}l${n(r * 0.26)} ${n(r * 0.26)}l${n(r * 0.5)}-${n(r * 0.52)}" fill="none" stroke="${C.indigo}" stroke-width="${n(r * 0.13)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  }
  return s;
}

function uploadScene(t) {
  const rise = ease(t / 0.55);
  const y = n(430 - 250 * rise);
  let s = `<rect x="410" y="470" width="460" height="90" rx="20" fill="${C.lav}" stroke="${C.indigo}" stroke-width="5" stroke-dasharray="14 12"/>`;
  s += `<path d="M640 540v-44m-20 20l20-20l20 20" fill="none" stroke="${C.indigo}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`;
  s += documentShape(530, y, 220, 280, 5);
  s += `<rect x="${548}" y="${n(y + 22)}" width="64" height="30" rx="8" fill="${C.amber}"/>`;
  s += `<text x="580" y="${n(y + 43)}" ${FONT} font-size="18" font-weight="700" fill="${C.white}" text-anchor="middle">PDF</text>`;
  s += checkBadge(760, n(y + 20), 30, (t - 0.6) / 0.3);
  return s;
}

function identityScene(t) {
  const slide = ease(t / 0.4);
  const x = n(330 + (1 - slide) * -80);
  let s = `<g opacity="${n(slide)}">`;
  // the back of the card peeks out behind the front
  s += `<rect x="${x + 36}" y="140" width="560" height="330" rx="26" fill="${C.lav}" stroke="${C.indigo}" stroke-width="5"/>`;
  s += `<rect x="${x}" y="170" width="560" height="330" rx="26" fill="${C.white}" ${STROKE}/>`;
  s += `<path d="M${x} 232h560" stroke="${C.lav2}" stroke-width="6"/>`;
  s += `<rect x="${x + 40}" y="262" width="140" height="170" rx="14" fill="${C.lav}"/>`;
  s += person(x + 110, 352, 1.2);
  for (let i = 0; i < 3; i++) {
    s += `<path d="M${x + 220} ${284 + i * 38}h${i === 1 ? 160 : 220}" stroke="${C.lav2}" stroke-width="12" stroke-linecap="round"/>`;
  }
  s += `<text x="${x + 220}" y="440" ${FONT} font-size="34" font-weight="700" fill="${C.ink}" letter-spacing="2">XXXX XXXX 1234</text>`;
  s += `</g>`;
  s += checkBadge(930, 150, 38, (t - 0.45) / 0.3);
  return s;
}

function callScene(t) {
  const appear = ease(t / 0.3);
  const tiles = [
    { x: 150, label: 'Notary', notary: true },
    { x: 490, label: 'You' },
    { x: 830, label: 'Witness' },
  ];
  let s = `<rect x="120" y="150" width="1040" height="370" rx="24" fill="${C.white}" ${STROKE} opacity="${n(appear)}"/>`;
  tiles.forEach((tile, i) => {
    const a = ease((t - 0.08 * i) / 0.3);
    const speaking = tile.notary ? t > 0.35 && t < 0.7 : i === 1 && t >= 0.7;
    s += `<g opacity="${n(a)}">`;
    s += `<rect x="${tile.x}" y="180" width="300" height="250" rx="16" fill="${C.lav}" stroke="${speaking ? C.amber : C.lav}" stroke-width="6"/>`;
    s += person(tile.x + 150, 300, 1.4, tile.notary ? C.ink : C.indigo);
    if (tile.notary) s += seal(tile.x + 262, 218, 24);
    s += `<text x="${tile.x + 16}" y="414" ${FONT} font-size="22" fill="${C.ink}">${tile.label}</text>`;
    s += `</g>`;
  });
  // controls
  const ctl = [560, 640, 720];
  ctl.forEach((cx, i) => {
    s += `<circle cx="${cx}" cy="475" r="24" fill="${i === 2 ? C.amber : C.lav}" opacity="${n(appear)}"/>`;
  });
  const faceCheck = (t - 0.45) / 0.25;
  // the notary checks each signatory's face against their ID
  tiles.forEach((tile, i) => {
    if (!tile.notary) s += checkBadge(tile.x + 272, 402, 20, faceCheck - 0.3 * (i - 1));
  });
  return s;
}

function signScene(t) {
  let s = documentShape(430, 130, 420, 420, 5);
  s += `<path d="M470 470h220" stroke="${C.lav2}" stroke-width="4"/>`;
  const sigLen = 520;
  const p = ease(t / 0.75);
  s += `<path d="M478 456c24-64 44-64 38 0s30 26 50-20s24 32 42 14s30-18 50-6s20 10 40-8" fill="none" stroke="${C.indigo}" stroke-width="6" stroke-linecap="round" stroke-dasharray="${sigLen}" stroke-dashoffset="${n(sigLen * (1 - p))}"/>`;
  // pen follows roughly along the line
  const px = n(478 + 220 * p);
  const py = n(456 - 18 * Math.sin(p * Math.PI * 4));
  s += `<g transform="translate(${px} ${py}) rotate(-35)"><rect x="-14" y="-150" width="28" height="120" rx="6" fill="${C.white}" ${STROKE}/><path d="M-14 -30l14 34l14-34z" fill="${C.lav}" ${STROKE}/></g>`;
  s += `<rect x="880" y="200" width="210" height="64" rx="32" fill="${C.amber}"/>`;
  s += `<text x="985" y="241" ${FONT} font-size="24" font-weight="700" fill="${C.ink}" text-anchor="middle">Sign Document</text>`;
  return s;
}

function sealScene(t) {
  let s = documentShape(430, 110, 420, 440, 5);
  s += `<path d="M478 456c24-64 44-64 38 0s30 26 50-20s24 32 42 14s30-18 50-6s20 10 40-8" fill="none" stroke="${C.indigo}" stroke-width="6" stroke-linecap="round"/>`;
  const drop = clamp(t / 0.3);
  const scale = n(1.8 - 0.8 * easeOutBack(drop));
  s += `<g opacity="${n(clamp(drop * 2))}" transform="translate(760 450) scale(${scale})">${seal(0, 0, 78)}</g>`;
  s += checkBadge(960, 250, 52, (t - 0.35) / 0.25);
  return s;
}

function header() {
  return (
    `<g transform="translate(48 34)" fill="none" stroke="${C.ink}" stroke-linecap="round" stroke-linejoin="round">` +
    `<circle cx="20" cy="20" r="16" stroke-width="4"/><path d="M13 20.5l5 5l9-10.5" stroke-width="4"/></g>` +
    `<text x="98" y="66" ${FONT} font-size="30" font-weight="700" fill="${C.ink}">Mohar</text>`
  );
}

function stepper(active, t) {
  let s = '';
  const xs = [480, 560, 640, 720, 800];
  s += `<path d="M480 680h320" stroke="${C.lav2}" stroke-width="6" stroke-linecap="round"/>`;
  xs.forEach((x, i) => {
    const done = i < active || (i === active && active === xs.length - 1 && t > 0.4);
    const fill = done ? C.green : i === active ? C.amber : C.white;
    const stroke = done ? C.green : i === active ? C.amber : C.lav2;
    s += `<circle cx="${x}" cy="680" r="14" fill="${fill}" stroke="${stroke}" stroke-width="5"/>`;
  });
  return s;
}

function frame(time) {
  let index = scenes.findIndex((sc) => time >= sc.from && time < sc.to);
  if (index < 0) index = scenes.length - 1;
  const scene = scenes[index];
  const t = (time - scene.from) / (scene.to - scene.from);
  const fadeIn = index === 0 ? 1 : clamp((time - scene.from) / 0.25);
  const fadeOut = index === scenes.length - 1 ? 1 : clamp((scene.to - time) / 0.2);
  const opacity = n(Math.min(fadeIn, fadeOut));
  const captionColor = index === scenes.length - 1 ? C.green : C.ink;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720" width="1280" height="720">` +
    `<rect width="1280" height="720" fill="${C.bg}"/>` +
    `<circle cx="1170" cy="90" r="170" fill="${C.lav}"/><circle cx="100" cy="650" r="140" fill="${C.lav}"/>` +
    header() +
    `<g opacity="${opacity}">${scene.draw(t)}` +
    `<text x="640" y="622" ${FONT} font-size="40" font-weight="700" fill="${captionColor}" text-anchor="middle">${scene.caption}</text></g>` +
    stepper(index, t) +
    `</svg>\n`
  );
}

mkdirSync(outDir, { recursive: true });
const total = Math.round(fps * seconds);
for (let i = 0; i < total; i++) {
  const name = `frame-${String(i).padStart(4, '0')}.svg`;
  writeFileSync(join(outDir, name), frame(i / fps));
}
console.log(`wrote ${total} frames to ${outDir}`);
