import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client';
import { CLIENT_ERROR_CODES } from './api-errors';

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
    answerWith(new Response('{"code": 5}', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.get('/anything')).rejects.toMatchObject({
      status: 502,
      message: 'Bad Gateway',
      code: CLIENT_ERROR_CODES.http,
    });
  });
});
