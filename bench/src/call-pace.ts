// The pace of a three-person call (issue 20): a notary and two signatories, each in their own Chromium context with
// the fake camera and microphone, driven through the web app as people would. Three figures, each from one person's
// action to what every screen shows, on the pages' own clocks (performance.timeOrigin + now, the same machine):
//   accept → the notary's first remote frame (the signatories join as soon as they can);
//   a signatory's "Sign" → their signature on all three screens (and the stamped version drawn);
//   the notary's "Seal" → "notarised" on all three screens.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/fixtures/browser.ts';
import { requestedSession, sharedBrowser, signedIn, sleep, startServer } from './call-join.ts';
import { freePort } from './free-port.ts';
import { makeAffidavit } from './seal-time.ts';

/** One step on the way into the call (the app's `mohar:call:*` marks, lib/call-marks.ts), from the accept click. */
export type AcceptStep = { who: string; step: string; detail: string | null; atMs: number };

export type CallPaceResult = {
  /** The notary's click on Accept → the first remote video frame on the notary's screen. */
  acceptToFirstFrameMs: number;
  /** Every page's marks from the accept up to the notary's first frame, in time order. */
  acceptSteps: AcceptStep[];
  /** Per signature: the signatory's click on Sign → the signature shown on the slowest of the three screens. */
  signatureShownMs: number[];
  /** Per signature: the same click → the stamped version drawn on the slowest screen. */
  stampedVersionMs: number[];
  /** Per signature, per screen (notary, signatory 1, signatory 2): click → shown. */
  signatureShownByScreenMs: number[][];
  /** The notary's click on Seal → "notarised" on the slowest of the three screens. */
  sealToNotarisedMs: number;
  sealByScreenMs: number[];
  pages: number;
};

/**
 * Installed in every page before any script of the app: clicks on elements with a test id, the first frame of any
 * remote video, when each signature and each drawn version first shows in the document panel, and when the page says
 * "notarised". Times are epoch milliseconds from the page's own clock, so Playwright's round trips are not measured.
 */
const PROBE = (tracing: boolean) => `(() => {
  const tracing = ${tracing};
  const now = () => performance.timeOrigin + performance.now();
  const probe = { clicks: {}, firstFrameAt: null, shown: {}, drawn: {}, notarisedAt: null, before: new WeakSet() };
  window.__pace = probe;
  const hooked = new WeakSet();
  // Canvases on screen before a signature: a version drawn after it shows on a canvas not among these
  // (for a panel that does not say which version it has drawn).
  probe.mark = () => { for (const c of document.querySelectorAll('canvas')) probe.before.add(c); };
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('[data-testid]') : null;
    if (target) probe.clicks[target.getAttribute('data-testid')] = now();
  }, true);
  const check = () => {
    const at = now();
    for (const video of document.querySelectorAll('video[data-testid="remote-video"]')) {
      if (hooked.has(video)) continue;
      hooked.add(video);
      video.requestVideoFrameCallback(() => { if (probe.firstFrameAt === null) probe.firstFrameAt = now(); });
      for (const name of ['loadedmetadata', 'loadeddata', 'playing', 'resize'])
        video.addEventListener(name, () => probe.rtc?.push({ at: now(), what: 'video ' + name }), { once: true });
    }
    const panel = document.querySelector('[data-testid="document-panel"]');
    if (panel) {
      const version = Number(panel.getAttribute('data-version') ?? 0);
      const shownAttr = panel.getAttribute('data-signatures-shown');
      const drawnAttr = panel.getAttribute('data-drawn-version');
      let drawn = drawnAttr === null ? 0 : Number(drawnAttr);
      if (drawnAttr === null) {
        const fresh = [...panel.querySelectorAll('canvas[data-testid="pdf-page"]')].some((c) => !probe.before.has(c));
        drawn = fresh && panel.querySelector('[data-testid="pdf-preview"]')?.getAttribute('aria-busy') === 'false' ? version : 0;
      }
      const shown = Math.max(shownAttr === null ? 0 : Number(shownAttr), drawn);
      for (let n = 1; n <= shown; n++) if (probe.shown[n] === undefined) probe.shown[n] = at;
      for (let n = 1; n <= drawn; n++) if (probe.drawn[n] === undefined) probe.drawn[n] = at;
    }
    if (probe.notarisedAt === null && document.querySelector('[data-testid="session-ended"][data-status="notarised"]'))
      probe.notarisedAt = at;
  };
  const start = () => {
    new MutationObserver(check).observe(document.documentElement, { subtree: true, childList: true, attributes: true });
    const frame = () => { check(); requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
  };
  if (document.documentElement) start(); else addEventListener('DOMContentLoaded', start);
  // Each peer connection's steps (for BENCH_TRACE): created, descriptions, ICE and DTLS states, the first track.
  probe.rtc = [];
  const Native = window.RTCPeerConnection;
  if (Native) {
    let count = 0;
    window.RTCPeerConnection = function (...args) {
      const pc = new Native(...args);
      const id = ++count;
      const note = (what) => probe.rtc.push({ at: now(), what: 'pc' + id + ' ' + what });
      note('created');
      for (const name of ['setLocalDescription', 'setRemoteDescription']) {
        const original = pc[name].bind(pc);
        pc[name] = (...a) => {
          const done = original(...a);
          done.then(() => note(name + ' ' + (name === 'setLocalDescription' ? pc.localDescription?.type : pc.remoteDescription?.type)), () => {});
          return done;
        };
      }
      pc.addEventListener('icegatheringstatechange', () => note('gathering ' + pc.iceGatheringState));
      pc.addEventListener('iceconnectionstatechange', () => note('ice ' + pc.iceConnectionState));
      pc.addEventListener('connectionstatechange', () => note('connection ' + pc.connectionState));
      // The sender's side of the video: when the camera's frames reach the encoder, are encoded, and sent. Only
      // when tracing: getStats 20 times a second on every connection loads the pages exactly while they connect.
      const firsts = new Set();
      const sample = tracing && setInterval(async () => {
        if (pc.connectionState === 'closed') return clearInterval(sample);
        for (const stat of (await pc.getStats()).values()) {
          const kind = stat.kind ?? stat.mediaType;
          if (kind !== 'video') continue;
          const marks = stat.type === 'media-source' ? [['source frames', stat.frames]]
            : stat.type === 'outbound-rtp' ? [['encoded', stat.framesEncoded], ['sent packets', stat.packetsSent]]
            : stat.type === 'inbound-rtp' ? [['received packets', stat.packetsReceived], ['decoded', stat.framesDecoded]] : [];
          for (const [label, value] of marks)
            if (value > 0 && !firsts.has(label)) { firsts.add(label); note('video ' + label + ' ' + value); }
        }
        if (firsts.size >= 5) clearInterval(sample);
      }, 50);
      pc.addEventListener('track', (e) => {
        note('track ' + e.track.kind + (e.track.muted ? ' (muted)' : ''));
        // A remote track unmutes when its first packet arrives.
        e.track.addEventListener('unmute', () => note('unmute ' + e.track.kind), { once: true });
      });
      return pc;
    };
    window.RTCPeerConnection.prototype = Native.prototype;
  }
  // Main-thread tasks over 50 ms: what keeps a page from handling the call's events and drawing its first frame.
  if (tracing) try {
    new PerformanceObserver((list) => {
      for (const task of list.getEntries())
        probe.rtc.push({ at: performance.timeOrigin + task.startTime, what: 'long task ' + Math.round(task.duration) + ' ms' });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  // The camera itself (tracing only): the track's frame counters (MediaStreamTrack.stats) every 50 ms, noting its first
  // frame and every gap over 300 ms without one. A gap on every page at once is the capture, not the app.
  const watchCamera = (stream) => {
    const track = stream.getVideoTracks()[0];
    if (!tracing || !track || !track.stats) return;
    let last = 0;
    let lastAt = now();
    const timer = setInterval(() => {
      if (track.readyState === 'ended') return clearInterval(timer);
      const total = track.stats.totalFrames;
      if (total === last) return;
      const at = now();
      if (last === 0) probe.rtc.push({ at, what: 'camera first frame' });
      else if (at - lastAt > 300) probe.rtc.push({ at, what: 'camera frames again after ' + Math.round(at - lastAt) + ' ms' });
      last = total;
      lastAt = at;
    }, 50);
  };
  const gum = navigator.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices);
  if (gum) navigator.mediaDevices.getUserMedia = (...a) => {
    probe.rtc.push({ at: now(), what: 'getUserMedia asked' });
    const got = gum(...a);
    got.then((stream) => { probe.rtc.push({ at: now(), what: 'getUserMedia got' }); watchCamera(stream); }, () => {});
    return got;
  };
})()`;

type Probe = {
  clicks: Record<string, number>;
  firstFrameAt: number | null;
  shown: Record<string, number>;
  drawn: Record<string, number>;
  notarisedAt: number | null;
  rtc?: Array<{ at: number; what: string }>;
};

/** The app's call marks on a page, on epoch milliseconds (the page's own clock). */
const readMarks = (page: Page) =>
  page.evaluate(
    `performance.getEntriesByType('mark').filter((m) => m.name.startsWith('mohar:call:'))
      .map((m) => ({ step: m.name.slice('mohar:call:'.length), detail: typeof m.detail === 'string' ? m.detail : null,
        at: performance.timeOrigin + m.startTime }))`,
  ) as Promise<Array<{ step: string; detail: string | null; at: number }>>;

/** Each page's marks from `from` to `to` (epoch ms), as steps from `from`, in time order. */
async function stepsOf(pages: Page[], from: number, to: number): Promise<AcceptStep[]> {
  const steps: AcceptStep[] = [];
  for (const [index, page] of pages.entries()) {
    const who = index === 0 ? 'notary' : `signatory ${index}`;
    for (const mark of await readMarks(page))
      if (mark.at >= from - 1 && mark.at <= to + 50)
        steps.push({ who, step: mark.step, detail: mark.detail, atMs: mark.at - from });
  }
  return steps.sort((a, b) => a.atMs - b.atMs);
}

const readProbe = (page: Page) =>
  page.evaluate('({ ...window.__pace, before: undefined, mark: undefined })') as Promise<Probe>;

/** Polls `page` (evaluate: the app's CSP refuses waitForFunction's string predicates) until `test` holds. */
async function until(page: Page, what: string, test: (probe: Probe) => boolean, timeoutMs = 90_000) {
  const startedAt = Date.now();
  for (;;) {
    if (test(await readProbe(page))) return;
    if (Date.now() - startedAt > timeoutMs) throw new Error(`call pace: ${what} did not happen`);
    await sleep(100);
  }
}

async function clickWhenEnabled(page: Page, testId: string, timeoutMs = 60_000) {
  const target = page.getByTestId(testId).first();
  await target.waitFor({ timeout: timeoutMs });
  const startedAt = Date.now();
  while (!(await target.isEnabled())) {
    if (Date.now() - startedAt > timeoutMs) throw new Error(`"${testId}" stayed disabled`);
    await sleep(50);
  }
  await target.click();
}

/** Pre-join → "Join now" as soon as the camera is ready → in the call. */
async function join(page: Page) {
  await clickWhenEnabled(page, 'pre-join-join');
  await page.locator('[data-testid="call-room"][data-status="joined"]').waitFor({ timeout: 60_000 });
}

type CpuProfile = {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples?: number[];
  timeDeltas?: number[];
};

/** The functions the profile saw most often on top of the stack (self time), with where they live. */
function printProfile(profile: CpuProfile, over = 'over the first signature') {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, index) => {
    const frame = byId.get(id)?.callFrame;
    const name = frame
      ? `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber}`
      : '?';
    self.set(name, (self.get(name) ?? 0) + (deltas[index] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((sum, ms) => sum + ms, 0);
  console.log(`  notary page CPU profile ${over}: ${total.toFixed(0)} ms sampled`);
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`  ${ms.toFixed(0).padStart(7)} ms  ${name}`);
}

export async function measureCallPace(
  options: { port?: number; pages?: number; acceptOnly?: boolean } = {},
): Promise<CallPaceResult> {
  const port = options.port ?? (await freePort());
  const pageCount = options.pages ?? 20;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mohar-bench-pace-'));
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  const extraBrowsers: Browser[] = [];
  try {
    server = await startServer(port, dataDir);
    const session = await requestedSession(base, {
      signatories: ['Asha Verma', 'Bela Kapoor'],
      pdf: await makeAffidavit(pageCount),
    });
    // Each person in a browser of their own, as people join from their own machines (decision 0043): three contexts
    // of one browser share one fake camera and its capture service, which held every page's first video frame
    // back for about 2 s after the connections were up. BENCH_SHARED_BROWSER=1 measures the old shared set-up.
    const separate = !sharedBrowser();
    const launch = () =>
      chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    const launched = await launch();
    browser = launched;
    const withMedia = async (): Promise<BrowserContext> => {
      const owner = separate ? await launch() : launched;
      if (owner !== launched) extraBrowsers.push(owner);
      const context = await owner.newContext({ permissions: ['camera', 'microphone'], baseURL: base });
      await context.addInitScript(PROBE(Boolean(process.env.BENCH_TRACE)));
      return context;
    };
    const notaryContext = await signedIn(await withMedia(), base, session.notaryCookie);
    const notary = await notaryContext.newPage();
    const signatories = await Promise.all(session.tokens.map(async () => (await withMedia()).newPage()));
    const everyone = [notary, ...signatories];

    // BENCH_TRACE=1: every API request and answer of each page, printed for the first signature (where time goes).
    const trace: Array<{ at: number; who: string; what: string }> = [];
    if (process.env.BENCH_TRACE)
      everyone.forEach((page, index) => {
        const who = index === 0 ? 'notary' : `signatory ${index}`;
        page.on('request', (r) => {
          if (r.url().includes('/api/'))
            trace.push({ at: Date.now(), who, what: `→ ${r.method()} ${r.url().replace(base, '')}` });
        });
        page.on('response', (r) => {
          if (r.url().includes('/api/'))
            trace.push({ at: Date.now(), who, what: `← ${r.status()} ${r.url().replace(base, '')}` });
        });
        page.on('websocket', (socket) => {
          trace.push({ at: Date.now(), who, what: 'ws opened' });
          socket.on('framereceived', (frame) => {
            const text = String(frame.payload);
            if (text.includes('call:')) trace.push({ at: Date.now(), who, what: `ws ${text.slice(0, 60)}` });
          });
        });
      });

    // The signatories wait on their personal pages; the notary has the request in their queue.
    await Promise.all(
      signatories.map((page, index) =>
        page.goto(`/access-application/${encodeURIComponent(session.tokens[index] ?? '')}`),
      ),
    );
    await notary.goto('/requests');
    const request = notary.getByTestId('notary-request').filter({ hasText: session.title });
    await request.waitFor({ timeout: 60_000 });
    await sleep(2000);

    // Accept: the notary goes through the pre-join check into the call; the signatories join as soon as they can.
    // BENCH_PROFILE=accept: the notary's page's CPU profile from the accept to its first remote frame.
    const acceptProfiler =
      process.env.BENCH_PROFILE === 'accept' ? await notaryContext.newCDPSession(notary) : null;
    if (acceptProfiler) {
      await acceptProfiler.send('Profiler.enable');
      await acceptProfiler.send('Profiler.start');
    }
    await request.getByTestId('notary-request-accept').click();
    // BENCH_NOTARY_LAST=1: the notary presses "Join now" only once both signatories are in the call (the way in
    // where the signatories offer to the notary as they hear of it, decision 0027).
    const signatoriesIn = Promise.all(
      signatories.map(async (page) => {
        await clickWhenEnabled(page, 'start-notarization-join');
        await join(page);
      }),
    );
    await Promise.all([
      process.env.BENCH_NOTARY_LAST ? signatoriesIn.then(() => join(notary)) : join(notary),
      signatoriesIn,
    ]);
    await until(notary, "the notary's first remote frame", (p) => p.firstFrameAt !== null);
    const accepted = await readProbe(notary);
    if (acceptProfiler)
      printProfile(
        (await acceptProfiler.send('Profiler.stop')).profile,
        'from the accept to the first frame',
      );
    const acceptToFirstFrameMs =
      (accepted.firstFrameAt ?? 0) - (accepted.clicks['notary-request-accept'] ?? 0);
    const acceptSteps = await stepsOf(
      everyone,
      accepted.clicks['notary-request-accept'] ?? 0,
      accepted.firstFrameAt ?? 0,
    );
    if (process.env.BENCH_TRACE) {
      const clickedAt = accepted.clicks['notary-request-accept'] ?? 0;
      // The pages' own clicks on the way in (Join the session, Join now), on the same clock as the trace.
      for (const [index, page] of everyone.entries()) {
        const who = index === 0 ? 'notary' : `signatory ${index}`;
        const probe = await readProbe(page);
        for (const [testId, at] of Object.entries(probe.clicks))
          if (testId !== 'notary-request-accept') trace.push({ at, who, what: `click ${testId}` });
        for (const step of probe.rtc ?? []) trace.push({ ...step, who });
        if (probe.firstFrameAt) trace.push({ at: probe.firstFrameAt, who, what: 'first remote frame' });
      }
      trace.sort((a, b) => a.at - b.at);
      for (const entry of trace.filter(
        (e) =>
          e.at >= clickedAt - 200 &&
          e.at <= (accepted.firstFrameAt ?? 0) + 1 &&
          !e.what.includes('call:signal') &&
          !e.what.includes('/health'),
      ))
        console.log(
          `  accept ${String(Math.round(entry.at - clickedAt)).padStart(6)} ms ${entry.who.padEnd(12)} ${entry.what}`,
        );
      trace.length = 0;
    }
    // The accept alone (repeated runs comparing the way into the call): the rest of the call is not played.
    if (options.acceptOnly)
      return {
        acceptToFirstFrameMs,
        acceptSteps,
        signatureShownMs: [],
        stampedVersionMs: [],
        signatureShownByScreenMs: [],
        sealToNotarisedMs: Number.NaN,
        sealByScreenMs: [],
        pages: pageCount,
      };

    // The notary confirms both identities (the server must be recording first), everyone opens the document.
    await notary.getByTestId('recording-badge').waitFor({ timeout: 60_000 });
    const cards = notary.getByTestId('identity-card');
    for (let i = 0; i < signatories.length; i++) {
      const target = cards.nth(i).getByTestId('identity-confirm');
      await target.waitFor({ timeout: 60_000 });
      for (let tries = 0; !(await target.isEnabled()); tries++) {
        if (tries > 1200) throw new Error('"Confirm identity" stayed disabled');
        await sleep(50);
      }
      await target.click();
      await notary
        .locator('[data-testid="identity-card"][data-decision="confirmed"]')
        .nth(i)
        .waitFor({ timeout: 60_000 });
    }
    for (const page of everyone) await page.getByTestId('toggle-document').click();
    for (const page of everyone)
      await page
        .locator('[data-testid="pdf-preview"] [data-testid="pdf-page"]')
        .first()
        .waitFor({ timeout: 60_000 });

    // Each signatory signs in turn (a typed signature), everyone watching the document.
    const signatureShownMs: number[] = [];
    const stampedVersionMs: number[] = [];
    const signatureShownByScreenMs: number[][] = [];
    // BENCH_PROFILE=1: the notary's page's CPU profile over the first signature, its busiest functions printed.
    const profiler =
      process.env.BENCH_PROFILE && process.env.BENCH_PROFILE !== 'accept'
        ? await notaryContext.newCDPSession(notary)
        : null;
    for (const [index, page] of signatories.entries()) {
      const n = index + 1;
      if (profiler && n === 1) {
        await profiler.send('Profiler.enable');
        await profiler.send('Profiler.start');
      }
      for (const p of everyone) await p.evaluate('window.__pace.mark()');
      await clickWhenEnabled(page, 'sign-document');
      await page.getByTestId('signature-tab-type').click();
      await page.getByTestId('signature-type-input').fill(index === 0 ? 'Asha Verma' : 'Bela Kapoor');
      await page.getByTestId('signature-declaration').check();
      await clickWhenEnabled(page, 'signature-submit');
      for (const p of everyone) await until(p, `version ${n} drawn`, (probe) => probe.drawn[n] !== undefined);
      const probes = await Promise.all(everyone.map(readProbe));
      const clickedAt = (await readProbe(page)).clicks['signature-submit'] ?? 0;
      const shown = probes.map((p) => (p.shown[n] ?? Number.NaN) - clickedAt);
      signatureShownByScreenMs.push(shown);
      signatureShownMs.push(Math.max(...shown));
      stampedVersionMs.push(Math.max(...probes.map((p) => (p.drawn[n] ?? Number.NaN) - clickedAt)));
      if (profiler && n === 1) printProfile((await profiler.send('Profiler.stop')).profile);
      if (process.env.BENCH_TRACE)
        for (const entry of trace.filter((e) => e.at >= clickedAt - 500 && !e.what.includes('/recording/')))
          console.log(
            `  ${String(Math.round(entry.at - clickedAt)).padStart(6)} ms ${entry.who.padEnd(12)} ${entry.what}`,
          );
      trace.length = 0;
    }
    // The notary attests and seals.
    await clickWhenEnabled(notary, 'attest-seal');
    await clickWhenEnabled(notary, 'seal-confirm');
    for (const page of everyone) await until(page, '"notarised"', (p) => p.notarisedAt !== null);
    const sealedProbes = await Promise.all(everyone.map(readProbe));
    const sealClick = sealedProbes[0]?.clicks['seal-confirm'] ?? 0;
    const sealByScreenMs = sealedProbes.map((p) => (p.notarisedAt ?? Number.NaN) - sealClick);
    if (process.env.BENCH_TRACE)
      for (const entry of trace.filter((e) => e.at >= sealClick - 500))
        console.log(
          `  seal ${String(Math.round(entry.at - sealClick)).padStart(6)} ms ${entry.who.padEnd(12)} ${entry.what}`,
        );

    return {
      acceptToFirstFrameMs,
      acceptSteps,
      signatureShownMs,
      stampedVersionMs,
      signatureShownByScreenMs,
      sealToNotarisedMs: Math.max(...sealByScreenMs),
      sealByScreenMs,
      pages: pageCount,
    };
  } finally {
    await browser?.close().catch(() => undefined);
    for (const extra of extraBrowsers) await extra.close().catch(() => undefined);
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
    }
    await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  }
}
