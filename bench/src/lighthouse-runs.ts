// Lighthouse's performance category (issue 20), its default mobile preset (an emulated mid-range phone, simulated slow
// 4G and a 4× CPU slowdown), on Debian's Chromium started by chrome-launcher: nothing is downloaded.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/fixtures/browser.ts';

export type LighthouseFigures = {
  label: string;
  /** Medians of the runs, each figure on its own. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  /** Every run's score, to show the spread. */
  scores: number[];
};

export type PageToAudit = { label: string; url: string; cookie?: string };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

type Run = { score: number; lcpMs: number; tbtMs: number; fcpMs: number };

async function auditOnce(port: number, page: PageToAudit): Promise<Run> {
  const result = await lighthouse(page.url, {
    port,
    logLevel: 'error',
    onlyCategories: ['performance'],
    // The signed-in dashboard: the session cookie on every request (Lighthouse resets the page's storage per run).
    ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no report for ${page.url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // A signed-in page that fell back to /login would score the wrong page.
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== new URL(page.url).pathname) throw new Error(`Lighthouse: ${page.url} ended on ${landed}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    fcpMs: metric('first-contentful-paint'),
  };
}

/** `runs` audits of each page in one browser (a new tab each time), the pages one after the other. */
export async function measureLighthouse(pages: PageToAudit[], runs = 3): Promise<LighthouseFigures[]> {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless', ...CHROMIUM_ARGS],
    logLevel: 'silent',
  });
  try {
    const figures: LighthouseFigures[] = [];
    for (const page of pages) {
      const done: Run[] = [];
      for (let i = 0; i < runs; i++) done.push(await auditOnce(chrome.port, page));
      figures.push({
        label: page.label,
        score: median(done.map((r) => r.score)),
        lcpMs: median(done.map((r) => r.lcpMs)),
        tbtMs: median(done.map((r) => r.tbtMs)),
        fcpMs: median(done.map((r) => r.fcpMs)),
        scores: done.map((r) => r.score),
      });
    }
    return figures;
  } finally {
    chrome.kill();
  }
}
