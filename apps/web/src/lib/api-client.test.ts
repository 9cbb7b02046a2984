import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client';
import { CLIENT_ERROR_CODES } from './api-errors';
import { RETRY_DELAYS_MS } from './request-retry';

// The network is the browser's, not the product's: each test answers the client's fetch with a real Response.
const answerWith = (response: Response) => vi.stubGlobal('fetch', async () => response);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('the API client reads answers without checking them against their schema (decision 0023)', () => {
  it('returns the JSON object the server sent', async () => {
    answerWith(json({ message: 'Saved' }));
    await expect(api.get('/anything')).resolves.toEqual({ message: 'Saved' });
  });

  it('returns a JSON list as it came', async () => {
    answerWith(json([{ id: 1 }]));
    await expect(api.get('/anything')).resolves.toEqual([{ id: 1 }]);
  });

  it('refuses an answer that is not JSON (a proxy’s page) as a failed call, not as data', async () => {
    answerWith(new Response('<html>Gateway</html>', { status: 200, statusText: 'OK' }));
    const failure = await api.get('/anything').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 200, code: CLIENT_ERROR_CODES.http });
  });

  it('refuses an empty or null answer', async () => {
    answerWith(json(null));
    await expect(api.post('/anything', {})).rejects.toMatchObject({ code: CLIENT_ERROR_CODES.http });
  });
});

describe('a refused call carries the server’s error body', () => {
  it('its message, code and details', async () => {
    answerWith(json({ message: 'Too many tries', code: 'auth.too_many', details: { retryAfter: 30 } }, 429));
    await expect(api.get('/anything')).rejects.toMatchObject({
      status: 429,
      message: 'Too many tries',
      code: 'auth.too_many',
      details: { retryAfter: 30 },
    });
  });

  it('a body that is not the API’s error shape becomes an HTTP failure with the status text', async () => {
    // A write: a 502 is not sent again (request-retry.ts), so the one answer is what the call ends with.
    answerWith(new Response('{"code": 5}', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.post('/anything', {})).rejects.toMatchObject({
      status: 502,
      message: 'Bad Gateway',
      code: CLIENT_ERROR_CODES.http,
    });
  });
});

describe('a call that reached a process going away is sent again (decision 0047)', () => {
  // The waits between tries pass on a fake clock.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  /** The call's outcome once every wait between its tries has passed. */
  const outcome = async <T>(call: Promise<T>) => {
    const settled = call.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await vi.runAllTimersAsync();
    return settled;
  };
  /** Answers the client's tries in turn (a function per try: a Response, or a throw for no answer). */
  const answerInTurn = (...answers: Array<() => Response>) => {
    const sent: Array<{ method: string; body: unknown }> = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push({ method: String(init.method), body: init.body });
      const next = answers[Math.min(sent.length - 1, answers.length - 1)];
      if (!next) throw new Error('no answer prepared');
      return next();
    });
    return sent;
  };
  const shuttingDown = () =>
    json({ message: 'The service is restarting.', code: 'service.shutting_down' }, 503);
  const noAnswer = () => {
    throw new TypeError('Failed to fetch');
  };

  it('a write refused 503 service.shutting_down is sent again, with the same body, and its answer is the result', async () => {
    const sent = answerInTurn(shuttingDown, () => json({ saved: true }));
    expect(await outcome(api.post('/applications/a1/signature', { declaration: true }))).toEqual({
      value: { saved: true },
    });
    expect(sent).toEqual([
      { method: 'POST', body: '{"declaration":true}' },
      { method: 'POST', body: '{"declaration":true}' },
    ]);
  });

  it('a read that got no answer, then a balancer’s 502, is sent again until a process answers', async () => {
    const sent = answerInTurn(
      noAnswer,
      () => new Response('bad gateway', { status: 502 }),
      () => json({ ok: 1 }),
    );
    expect(await outcome(api.get('/session'))).toEqual({ value: { ok: 1 } });
    expect(sent).toHaveLength(3);
  });

  it('a write that got no answer is not sent again: it may have been done', async () => {
    const sent = answerInTurn(noAnswer, () => json({ saved: true }));
    expect(await outcome(api.post('/applications', {}))).toMatchObject({
      error: { code: CLIENT_ERROR_CODES.network },
    });
    expect(sent).toHaveLength(1);
  });

  it('gives up after a few tries with the last failure', async () => {
    const sent = answerInTurn(shuttingDown);
    expect(await outcome(api.get('/session'))).toMatchObject({
      error: { status: 503, code: 'service.shutting_down' },
    });
    expect(sent).toHaveLength(1 + RETRY_DELAYS_MS.length);
  });
});
