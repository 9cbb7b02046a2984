// The pages' figures beside issue 20's goals, as a Markdown table (README's "Performance" section copies it).
import type { LighthouseFigures } from './lighthouse-runs.ts';
import { jsCssBytes, type PageWeight } from './page-weight.ts';

export type PageGoal = {
  label: string;
  /** JS + CSS response bodies on the wire, in KB (1 KB = 1,024 bytes). */
  maxJsCssKb: number;
  /** Lighthouse mobile performance score, when the page is audited. */
  minScore?: number;
  maxLcpMs?: number;
};

export const PAGE_GOALS: PageGoal[] = [
  { label: '/home', maxJsCssKb: 110, minScore: 98, maxLcpMs: 1500 },
  { label: '/login', maxJsCssKb: 150, minScore: 95 },
  { label: '/resources', maxJsCssKb: 150, minScore: 95 },
  { label: 'signed-in dashboard', maxJsCssKb: 200, minScore: 90 },
  { label: 'application view', maxJsCssKb: 250 },
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;
const mark = (met: boolean) => (met ? '**met**' : 'not met');

function weightCells(w: PageWeight, goal: PageGoal | undefined): string[] {
  const { js, css, font, other } = w.byKind;
  const jsCss = jsCssBytes(w);
  const headers = js.headerBytes + css.headerBytes + font.headerBytes + other.headerBytes;
  const goalCell = goal ? `≤ ${goal.maxJsCssKb}: ${mark(jsCss <= goal.maxJsCssKb * 1024)}` : '—';
  return [
    `${kb(jsCss)}`,
    goalCell,
    `${kb(w.jsCssGzipBytes)}`,
    `${kb(js.bodyBytes)} (${js.requests})`,
    `${kb(css.bodyBytes)} (${css.requests})`,
    `${kb(font.bodyBytes)} (${font.requests})`,
    `${kb(other.bodyBytes)} (${other.requests})`,
    `${kb(headers)}`,
  ];
}

function lighthouseCells(lh: LighthouseFigures | undefined, goal: PageGoal | undefined): string[] {
  if (!lh) return ['—', '—', '—', '—'];
  const goals: string[] = [];
  if (goal?.minScore !== undefined) goals.push(`≥ ${goal.minScore}: ${mark(lh.score >= goal.minScore)}`);
  if (goal?.maxLcpMs !== undefined) {
    goals.push(`LCP ≤ ${(goal.maxLcpMs / 1000).toFixed(1)} s: ${mark(lh.lcpMs <= goal.maxLcpMs)}`);
  }
  return [
    `${lh.score} (${lh.scores.join(', ')})`,
    `${(lh.lcpMs / 1000).toFixed(1)} s`,
    `${lh.tbtMs.toFixed(0)} ms`,
    goals.join('; ') || '—',
  ];
}

/** One row per weighed page; Lighthouse figures where the page was audited (`lighthouse` null: not run). */
export function pageTable(weights: PageWeight[], lighthouse: LighthouseFigures[] | null): string {
  const header = [
    'page',
    'JS+CSS KB',
    'goal KB',
    'JS+CSS gzip -9 KB',
    'JS KB (requests)',
    'CSS KB (requests)',
    'fonts KB (requests)',
    'other KB (requests)',
    'headers KB',
    'Lighthouse mobile (3 runs)',
    'LCP',
    'TBT',
    'goal',
  ];
  const rows = weights.map((w) => {
    const goal = PAGE_GOALS.find((g) => g.label === w.label);
    const lh = lighthouse?.find((l) => l.label === w.label);
    return [w.label, ...weightCells(w, goal), ...lighthouseCells(lh, goal)];
  });
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
