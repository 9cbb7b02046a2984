// The live session's call on loopback (issue 9): how long a participant waits from "Join now" to the first frame of
// the other side's video, and what one running session (two participants, media flowing, the server recording
// both) costs the server in CPU. Debian's Chromium drives the web app; Playwright never
// downloads a browser of its own.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONSENT } from '@mohar/contracts';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { SERVER_NODE_FLAGS, serverEnv } from '../../apps/server/src/server-process.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/fixtures/browser.ts';
import { freePort } from './free-port.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DEMO_PASSWORD = 'mohar-demo-seal-2025';

export type CallJoinResult = {
  /** "Join now" clicked on the signatory's page → the notary's first video frame presented there. */
  joinToFirstFrameMs: { median: number; min: number; max: number; samples: number[] };
  /** Server CPU (% of one core) that one active session adds to the idle figure below. */
  cpuPercentPerSession: number;
  /**
   * The standard error of that difference, from the spread of 1-second samples in both windows: a figure within about
   * twice this of zero is below what the windows can tell apart.
   */
  cpuNoisePercent: number;
  /** Server CPU (% of one core) with both participants on the pre-join check, nobody in the call. */
  idleCpuPercent: number;
  /** Server CPU (% of one core) while the session ran. */
  activeCpuPercent: number;
  /** How long each CPU window lasted. */
  cpuSeconds: number;
};

export type CallJoinOptions = {
  /** Port for the bench's own development server (default: a free one). */
  port?: number;
  /** Joins to time (default 5). */
  samples?: number;
  /** Length of each CPU window, idle and active (default 15 s). */
  cpuSeconds?: number;
  /** Quiet time before the idle window, for the server's start-up tail to pass (default 10 s). */
  settleSeconds?: number;
};

/**
 * BENCH_SHARED_BROWSER=1: the people of a call as contexts of one browser, sharing its one fake camera and capture
 * service, as before decision 0043. By default each person has a browser of their own, as on their own machine.
 */
export const sharedBrowser = () => Boolean(process.env.BENCH_SHARED_BROWSER);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** `tsx` runs the server in a child process: follow the first children down to the process that does the work. */
export async function serverProcessOf(pid: number): Promise<number> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const first = Number(children.trim().split(/\s+/)[0]);
  return first > 0 ? serverProcessOf(first) : pid;
}

const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User + system CPU time of a process (all its threads), in seconds. */
async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces: state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}

type CpuWindow = { percent: number; perSecond: number[] };

/**
 * The server's CPU use over `seconds`, as a percentage of one core: the whole window's figure, and one figure per
 * second (their spread says how noisy the window was: timers, garbage collection, the embedded database).
 */
export async function cpuWindow(pid: number, seconds: number): Promise<CpuWindow> {
  const perSecond: number[] = [];
  const firstCpu = await cpuSecondsOf(pid);
  const startedAt = performance.now();
  let cpu = firstCpu;
  let at = startedAt;
  for (let i = 1; i <= Math.max(1, Math.round(seconds)); i++) {
    await sleep(startedAt + i * 1000 - performance.now());
    const nextCpu = await cpuSecondsOf(pid);
    const nextAt = performance.now();
    perSecond.push((100 * (nextCpu - cpu)) / ((nextAt - at) / 1000));
    cpu = nextCpu;
    at = nextAt;
  }
  return { percent: (100 * (cpu - firstCpu)) / ((at - startedAt) / 1000), perSecond };
}

/** The standard error of a mean of these samples. */
function standardError(values: number[]): number {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / Math.max(1, values.length - 1);
  return Math.sqrt(variance / values.length);
}

export async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  // Another server on this port (a helper's ad-hoc server, a run's server that outlived it) would answer the health
  // check below and the bench would measure it instead.
  if (
    await fetch(`${base}/api/v1/health`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${port} is already in use: the call bench needs it for its own server`);
  // Node itself with the server's flags, as `npm start` runs it (scripts/start.ts; decision 0064): through tsx, the
  // first use of each lazily loaded part (the PDF stamping at the first signature) went through its loader too.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: serverEnv({
      ...process.env,
      DATA_DIR: dataDir,
      // Development: demo data, the sandbox gateway, the mailbox API, no two-step verification for notaries.
      NODE_ENV: 'development',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      // The bench runs at any hour (refused in production).
      SERVICE_HOURS_ALWAYS_OPEN: 'true',
      SANDBOX_WEBHOOK_DELAY_MS: '0',
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) break;
    await sleep(250);
  }
  child.kill('SIGTERM');
  throw new Error(`the call bench's server did not start on port ${port}`);
}

// ── Set-up through the HTTP API ──

type Json = Record<string, unknown>;

export function client(base: string) {
  return async function call<T = Json>(
    method: string,
    apiPath: string,
    options: { cookie?: string; json?: unknown; form?: FormData; expect?: number } = {},
  ): Promise<{ body: T; cookie: string | undefined }> {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    let body: string | FormData | undefined;
    if (options.form) body = options.form;
    else if (options.json !== undefined || method !== 'GET') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json ?? {});
    }
    const res = await fetch(`${base}/api/v1${apiPath}`, { method, headers, body });
    const text = await res.text();
    const wanted = options.expect ?? 200;
    if (res.status !== wanted) throw new Error(`${method} ${apiPath}: ${res.status} ${text.slice(0, 300)}`);
    return {
      body: (text ? JSON.parse(text) : {}) as T,
      cookie: res.headers.get('set-cookie')?.split(';')[0],
    };
  };
}

/** A one-page PDF, written by hand (no dependency): catalog, page tree, one empty A4 page. */
function onePagePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << >> >>',
  ];
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(text.length);
    text += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

export const fileForm = (bytes: Buffer, name: string, type: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
};

type Mail = { to: string; subject: string; text: string; createdAt: string };

export async function waitForMail(
  call: ReturnType<typeof client>,
  match: (mail: Mail) => boolean,
  what: string,
): Promise<Mail> {
  for (let i = 0; i < 100; i++) {
    const { body } = await call<{ data: Mail[] }>('GET', '/dev/mailbox');
    const found = body.data.find(match);
    if (found) return found;
    await sleep(100);
  }
  throw new Error(`no ${what} in the development mailbox`);
}

/**
 * The demo client's application, paid, each signatory's identity and postal address sent through the portal API, and
 * Start Notarization asked with notary2@ (verified) online: the request waits in notary2@'s queue. The Aadhaar back
 * carries no Secure QR, so each signatory is left to the notary's check (`needs_notary_review`), enough for `ready`.
 */
export async function requestedSession(
  base: string,
  options: { signatories?: string[]; pdf?: Uint8Array } = {},
) {
  const call = client(base);
  const login = async (email: string) =>
    (await call('POST', '/login', { json: { email, password: DEMO_PASSWORD } })).cookie ?? '';
  const owner = await login('client@mohar.example');
  const notary = await login('notary2@mohar.example');
  if (!owner || !notary) throw new Error('demo sign-in gave no session cookie');

  const title = `Bench call ${Date.now()}`;
  const names = options.signatories ?? ['Asha Verma'];
  const emails = names.map((_, index) => `bench.signatory.${process.pid}.${Date.now()}.${index}@example.in`);
  const created = await call<{ application: { _id: string } }>('POST', '/applications', {
    cookie: owner,
    expect: 201,
  });
  const id = created.body.application._id;
  await call('PUT', `/applications/${id}/document`, {
    cookie: owner,
    form: fileForm(Buffer.from(options.pdf ?? onePagePdf()), 'affidavit.pdf', 'application/pdf'),
  });
  await call('PATCH', `/applications/${id}`, {
    cookie: owner,
    json: { notaryChoice: 'first_available', notaryId: null },
  });
  await call('PUT', `/applications/${id}/signatories`, {
    cookie: owner,
    json: {
      signatories: names.map((fullName, index) => ({
        fullName,
        email: emails[index],
        mobile: `98765432${String(10 + index)}`,
        dateOfBirth: '1991-04-12',
        role: 'executant',
      })),
    },
  });
  await call('PATCH', `/applications/${id}`, {
    cookie: owner,
    json: {
      documentType: 'affidavit',
      notarialAct: 'affidavit_oath',
      title,
      description: 'Sworn statement of my residential address.',
      language: 'English',
      purpose: 'Submission to a bank',
    },
  });
  await call('POST', `/applications/${id}/submit`, { cookie: owner });

  // Paid through the sandbox gateway, as its page would.
  const checkout = await call<{ payment: { orderId: string } }>('POST', `/applications/${id}/checkout`, {
    cookie: owner,
    expect: 201,
  });
  const completed = await call('POST', `/payments/sandbox/orders/${checkout.body.payment.orderId}/complete`, {
    cookie: owner,
    json: { outcome: 'success' },
  });
  await call('POST', '/payments/verify', { cookie: owner, json: completed.body });

  // Each signatory, from their personal link: e-mail code, consent, three pictures, submit.
  const tokens: string[] = [];
  const picture = await readFile(path.join(ROOT, 'apps/web/public/media/mohar-demo-poster.jpg'));
  for (const email of emails) {
    const invitation = await waitForMail(
      call,
      (m) => m.to === email && m.subject.includes('asked you to sign'),
      `invitation to ${email}`,
    );
    const token = /\/access-application\/([A-Za-z0-9_-]+)/.exec(invitation.text)?.[1];
    if (!token) throw new Error('no personal link in the invitation');
    tokens.push(token);
    const since = Date.now() - 1000;
    await call('POST', `/access/${token}/email-code`);
    const codeMail = await waitForMail(
      call,
      (m) =>
        m.to === email &&
        /^\d{6} is your Mohar confirmation code$/.test(m.subject) &&
        Date.parse(m.createdAt) >= since,
      'confirmation code',
    );
    await call('POST', `/access/${token}/email-code/verify`, {
      json: { code: codeMail.subject.slice(0, 6) },
    });
    await call('POST', `/access/${token}/consent`, {
      json: { decision: 'accept', textVersion: CONSENT.version },
    });
    for (const kind of ['aadhaar_front', 'aadhaar_back', 'selfie'])
      await call('PUT', `/access/${token}/identity/${kind}`, {
        form: fileForm(picture, `${kind}.jpg`, 'image/jpeg'),
      });
    await call('POST', `/access/${token}/identity/submit`);
    // The notarial register prints every signatory's postal address: Start Notarization waits for it.
    await call('PUT', `/access/${token}/address`, {
      json: { address: '12 Park Street, Kolkata, West Bengal 700016' },
    });
  }
  for (let i = 0; ; i++) {
    const { body } = await call<{ application: { status: string } }>('GET', `/applications/${id}`, {
      cookie: owner,
    });
    if (body.application.status === 'ready') break;
    if (i > 100) throw new Error(`application ${id} is ${body.application.status}, not ready`);
    await sleep(100);
  }

  // Start Notarization with notary2@ online: the request waits in their queue.
  await call('PUT', '/notary/availability', { cookie: notary, json: { isOnline: true } });
  const requested = await call<{ requestId: string }>('POST', `/applications/${id}/notary-request`, {
    cookie: owner,
    expect: 201,
  });
  return {
    applicationId: id,
    title,
    tokens,
    requestId: requested.body.requestId,
    notaryCookie: notary,
    call,
  };
}

/** A requested session with one signatory, accepted by notary2@ through the API: the session is live. */
async function liveSession(base: string) {
  const requested = await requestedSession(base);
  await requested.call('POST', `/notary/requests/${requested.requestId}/accept`, {
    cookie: requested.notaryCookie,
  });
  const [token] = requested.tokens;
  if (!token) throw new Error('no signatory link');
  return { applicationId: requested.applicationId, token, notaryCookie: requested.notaryCookie };
}

// ── In the browser ──

/**
 * Installed in the signatory's page before each join: the click on "Join now" (capture phase, the same task as the
 * app's own handler) and the first frame presented by any remote video (requestVideoFrameCallback), both on the
 * page's clock, so Playwright's round trips are not measured.
 */
const INSTALL_PROBE = `(() => {
  const probe = { clickAt: null, frameAt: null, hooked: new WeakSet() };
  window.__callBench = probe;
  const onClick = (event) => {
    if (event.target instanceof Element && event.target.closest('[data-testid="pre-join-join"]')) {
      probe.clickAt = performance.now();
      document.removeEventListener('click', onClick, true);
      requestAnimationFrame(watch);
    }
  };
  const watch = () => {
    if (probe.frameAt !== null) return;
    for (const video of document.querySelectorAll('video[data-testid="remote-video"]')) {
      if (!probe.hooked.has(video)) {
        probe.hooked.add(video);
        video.requestVideoFrameCallback(() => {
          if (probe.frameAt === null) probe.frameAt = performance.now();
        });
      }
    }
    requestAnimationFrame(watch);
  };
  document.addEventListener('click', onClick, true);
})()`;

/** The context signed in with a session cookie taken from an API login (`name=value`). */
export async function signedIn(
  context: BrowserContext,
  base: string,
  cookie: string,
): Promise<BrowserContext> {
  const equals = cookie.indexOf('=');
  await context.addCookies([{ name: cookie.slice(0, equals), value: cookie.slice(equals + 1), url: base }]);
  return context;
}

const FRAME_SEEN = 'window.__callBench?.frameAt != null';
const ELAPSED = 'window.__callBench.frameAt - window.__callBench.clickAt';

async function joinCall(page: Page) {
  const join = page.getByTestId('pre-join-join');
  await join.waitFor({ timeout: 30_000 });
  for (let i = 0; !(await join.isEnabled()); i++) {
    if (i > 300) throw new Error('"Join now" stayed disabled');
    await sleep(50);
  }
  await join.click();
  await page.locator('[data-testid="call-room"][data-status="joined"]').waitFor({ timeout: 30_000 });
}

/** One timed join: "Join now" → the first remote frame, in ms. */
async function timedJoin(page: Page): Promise<number> {
  await page.evaluate(INSTALL_PROBE);
  await joinCall(page);
  // Polled with evaluate (the app's CSP refuses waitForFunction's string predicates); the page keeps the times.
  for (let i = 0; !(await page.evaluate(FRAME_SEEN)); i++) {
    if (i > 600) throw new Error('no remote video frame within 30 s of joining');
    await sleep(50);
  }
  return Math.round((await page.evaluate(ELAPSED)) as number);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * Starts its own development server (demo data, service hours always open) on a fresh data folder, builds a live
 * session through the API, and drives both sides in Chromium with the fake camera and microphone. The notary joins
 * first and stays (recording); the signatory joins, leaves and joins again, each join timed. Then, with both in the
 * call, the server's CPU over `cpuSeconds`, less the same window taken before anyone joined.
 */
export async function measureCallJoin(options: CallJoinOptions = {}): Promise<CallJoinResult> {
  const port = options.port ?? (await freePort());
  const samples = options.samples ?? 5;
  const cpuSeconds = options.cpuSeconds ?? 15;
  const settleSeconds = options.settleSeconds ?? 10;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mohar-bench-call-'));
  let server: ChildProcess | undefined;
  const browsers: Browser[] = [];
  try {
    server = await startServer(port, dataDir);
    const serverPid = await serverProcessOf(server.pid ?? 0);
    const session = await liveSession(base);

    // Each person in a browser of their own, with their own camera, as in a real call (decision 0043);
    // BENCH_SHARED_BROWSER=1 puts both in one browser as before.
    const launch = async () => {
      const launched = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_ARGS,
      });
      browsers.push(launched);
      return launched;
    };
    const shared = sharedBrowser() ? await launch() : null;
    // A page without camera permission gathers no ICE candidates on some networks (toolchain notes).
    const withMedia = async () =>
      (shared ?? (await launch())).newContext({ permissions: ['camera', 'microphone'], baseURL: base });
    const notaryContext = await signedIn(await withMedia(), base, session.notaryCookie);
    const signatoryContext = await withMedia();
    const notary = await notaryContext.newPage();
    const signatory = await signatoryContext.newPage();

    await notary.goto(`/session/${encodeURIComponent(session.applicationId)}`);
    await signatory.goto(`/access-application/${encodeURIComponent(session.token)}/session`);
    for (const page of [notary, signatory]) await page.getByTestId('pre-join').waitFor({ timeout: 30_000 });

    // Idle: the server with both pages open on the pre-join check, nobody in the call; after the tail of its start
    // and of the set-up (seeding, mail, identity checks), which takes a few seconds more than the pages do to load.
    await sleep(settleSeconds * 1000);
    const idle = await cpuWindow(serverPid, cpuSeconds);

    await joinCall(notary);
    await notary.getByTestId('recording-badge').waitFor({ timeout: 30_000 });

    const times: number[] = [];
    for (let i = 0; i < samples; i++) {
      if (i > 0) {
        await signatory.getByTestId('leave-call').click();
        await signatory.getByTestId('rejoin').click();
        await signatory.getByTestId('pre-join').waitFor({ timeout: 30_000 });
      }
      times.push(await timedJoin(signatory));
    }

    // Active: both in the call, video both ways, the server recording both (decision 0081).
    await sleep(1000);
    const active = await cpuWindow(serverPid, cpuSeconds);

    return {
      joinToFirstFrameMs: {
        median: median(times),
        min: Math.min(...times),
        max: Math.max(...times),
        samples: times,
      },
      cpuPercentPerSession: active.percent - idle.percent,
      cpuNoisePercent: Math.hypot(standardError(idle.perSecond), standardError(active.perSecond)),
      idleCpuPercent: idle.percent,
      activeCpuPercent: active.percent,
      cpuSeconds,
    };
  } finally {
    for (const browser of browsers) await browser.close().catch(() => undefined);
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
    }
    await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  }
}
