import { zstdDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_COMPRESS_THRESHOLD, COMPRESS_OPTIONS, registerCompression } from './compression.ts';

const json = (bytes: number) => JSON.stringify({ text: 'a notarised agreement '.repeat(bytes / 22) });
const SMALL = json(API_COMPRESS_THRESHOLD / 2);
const LARGE = json(API_COMPRESS_THRESHOLD * 2);
const app = Fastify();

beforeAll(async () => {
  await registerCompression(app, { apiPrefix: '/api/v1' });
  app.get('/api/v1/small', async (_request, reply) => reply.type('application/json').send(SMALL));
  app.get('/api/v1/large', async (_request, reply) => reply.type('application/json').send(LARGE));
  app.get('/api/v1/article', { compress: COMPRESS_OPTIONS }, async (_request, reply) =>
    reply.type('application/json').send(SMALL),
  );
  app.get('/page', async (_request, reply) => reply.type('text/html').send(`<p>${SMALL}</p>`));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });

describe('response compression', () => {
  it('sends an API answer under the API threshold as it is', async () => {
    expect(SMALL.length).toBeGreaterThan(COMPRESS_OPTIONS.threshold ?? 0);
    const res = await get('/api/v1/small');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SMALL);
  });

  it('compresses a larger API answer, a page over 1 KB, and a route that asks for the usual threshold', async () => {
    for (const url of ['/api/v1/large', '/page', '/api/v1/article']) {
      const res = await get(url);
      expect(res.headers['content-encoding'], url).toBe('zstd');
      expect(zstdDecompressSync(res.rawPayload).length, url).toBe(
        (await app.inject({ url })).rawPayload.length,
      );
    }
  });
});
