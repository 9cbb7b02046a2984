import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** A webhook receiver for tests, and the documented way to check what it receives (docs/webhooks.md). */

type Received = {
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; data: never };
  /** The status code the receiver answered. */
  status: number;
};

/**
 * A real HTTP receiver on a local port. `answers` are the status codes to give, one per request, in turn (200 once
 * they run out); `requests` holds everything that arrived.
 */
export async function startReceiver() {
  const answers: number[] = [];
  const requests: Received[] = [];
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const status = answers.shift() ?? 200;
      requests.push({ headers: request.headers, body, event: JSON.parse(body), status });
      response.statusCode = status;
      response.end(response.statusCode === 200 ? 'ok' : 'not now');
      for (const w of waiting.filter((w) => requests.length >= w.count)) w.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    answers,
    requests,
    /** Until `count` requests in all have arrived. */
    until: (count: number) =>
      requests.length >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.push({ count, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The verification code of docs/webhooks.md itself, as a receiver would paste it (written into `dir`). */
export async function documentedVerifier(dir: string) {
  const doc = readFileSync(path.join(import.meta.dirname, '../../../../docs/webhooks.md'), 'utf8');
  const code = /<!-- verify:start -->\s*```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!code) throw new Error('docs/webhooks.md has no verification code');
  const file = path.join(dir, 'verify.mjs');
  writeFileSync(file, code);
  const module = (await import(file)) as {
    verifyMoharSignature: (
      body: string,
      header: string | undefined,
      secret: string,
      options?: { nowMs?: number },
    ) => boolean;
  };
  return module.verifyMoharSignature;
}
