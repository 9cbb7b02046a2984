import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_PATH } from './api-base';
import { dropBootReads, startBootRead, takeBootRead } from './boot-read';

// The network is the browser's, not the product's: every request the page makes is noted.
function network() {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return new Response(JSON.stringify({ from: 'app' }), { headers: { 'Content-Type': 'application/json' } });
  });
  return asked;
}

type WithHtmlReads = { moharBootReads?: Record<string, Promise<Response>> };

afterEach(() => {
  dropBootReads();
  delete (globalThis as WithHtmlReads).moharBootReads;
  vi.unstubAllGlobals();
});

describe('a read index.html’s boot script started (public/color-scheme.js)', () => {
  it('is the boot read the app takes: the server is not asked a second time', async () => {
    const asked = network();
    const fromHtml = Promise.resolve(new Response(JSON.stringify({ from: 'html' })));
    (globalThis as WithHtmlReads).moharBootReads = { [`${API_BASE_PATH}/session`]: fromHtml };
    startBootRead('/session');
    expect(asked).toEqual([]);
    await expect(takeBootRead('/session')?.then((response) => response.json())).resolves.toEqual({
      from: 'html',
    });
  });

  it('is taken once: a later start asks the server', () => {
    const asked = network();
    (globalThis as WithHtmlReads).moharBootReads = {
      [`${API_BASE_PATH}/session`]: Promise.resolve(new Response('{}')),
    };
    startBootRead('/session');
    startBootRead('/session');
    expect(asked).toEqual([`${API_BASE_PATH}/session`]);
  });

  it('serves only its own path: another read goes to the server', () => {
    const asked = network();
    (globalThis as WithHtmlReads).moharBootReads = {
      [`${API_BASE_PATH}/session`]: Promise.resolve(new Response('{}')),
    };
    startBootRead('/blogs');
    expect(asked).toEqual([`${API_BASE_PATH}/blogs`]);
  });
});
