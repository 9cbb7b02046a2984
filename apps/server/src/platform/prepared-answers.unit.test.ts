import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPreparedAnswers, type ReadyAnswer } from './prepared-answers.ts';

const READY: ReadyAnswer = {
  etag: 'W/"v1"',
  identity: Buffer.from('{"data":[]}'),
  br: Buffer.from('brotli bytes'),
  gzip: Buffer.from('gzip bytes'),
};
const SECURITY = { 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'" };

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

/** A server made by the lane's factory; the handler it wraps (Fastify's, in the app) answers 299 and is counted. */
async function serve(current: () => ReadyAnswer | null, options: { open?: boolean } = {}) {
  const answers = createPreparedAnswers({ headers: SECURITY });
  answers.add('/api/v1/list', {
    current,
    headers: { 'cache-control': 'public, max-age=60' },
    contentType: 'application/json; charset=utf-8',
  });
  if (options.open ?? true) answers.open();
  const passed: string[] = [];
  const server = answers.serverFactory(
    (request, response) => {
      passed.push(`${request.method} ${request.url}`);
      response.writeHead(299).end();
    },
    { connectionTimeout: 0 },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { answers, passed, fetchPath: (path: string, init?: RequestInit) => fetch(`${base}${path}`, init) };
}

describe('prepared answers, sent before the framework', () => {
  it('sends the current answer in the best coding held, with the security headers, its own and a request id', async () => {
    const { passed, fetchPath } = await serve(() => READY);
    const res = await fetchPath('/api/v1/list', { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"data":[]}');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('etag')).toBe('W/"v1"');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const traced = await fetchPath('/api/v1/list', { headers: { 'x-request-id': 'trace-12345678' } });
    expect(traced.headers.get('x-request-id')).toBe('trace-12345678');
    expect(passed).toEqual([]);
  });

  it('answers 304 without a body to a caller holding the current tag', async () => {
    const { passed, fetchPath } = await serve(() => READY);
    const res = await fetchPath('/api/v1/list', { headers: { 'if-none-match': 'W/"v1"' } });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe('W/"v1"');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(passed).toEqual([]);
  });

  it('hands everything else to the framework: another path or method, a query string, an answer not current, a closed lane', async () => {
    let current: ReadyAnswer | null = READY;
    const { answers, passed, fetchPath } = await serve(() => current);
    await fetchPath('/api/v1/list?page=2');
    await fetchPath('/api/v1/list', { method: 'HEAD' });
    await fetchPath('/api/v1/list', { method: 'POST', body: '{}' });
    await fetchPath('/api/v1/other');
    current = null;
    await fetchPath('/api/v1/list');
    current = READY;
    answers.close();
    await fetchPath('/api/v1/list');
    expect(passed).toEqual([
      'GET /api/v1/list?page=2',
      'HEAD /api/v1/list',
      'POST /api/v1/list',
      'GET /api/v1/other',
      'GET /api/v1/list',
      'GET /api/v1/list',
    ]);
  });

  it('answers nothing itself until it is opened', async () => {
    const { passed, fetchPath } = await serve(() => READY, { open: false });
    expect((await fetchPath('/api/v1/list')).status).toBe(299);
    expect(passed).toEqual(['GET /api/v1/list']);
  });
});
