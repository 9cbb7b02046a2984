import { constants as zlibConstants } from 'node:zlib';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Dynamic answers only (JSON, index.html): built assets are compressed once at build time (spa.ts), the blog list
 * once per version (blog.service.ts). Brotli's default quality 11 costs ~0.5 s per 250 KB; quality 4 is a few ms at
 * a similar ratio for JSON.
 */
export const COMPRESS_OPTIONS: FastifyCompressOptions = {
  threshold: 1024,
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
};

/**
 * An API answer smaller than this goes as it is. Compressing one costs a compressor of its own per request (Node has
 * no reusable one-shot context): 35–60 µs of CPU here for any coding (zstd, gzip, Brotli 4) on a 2 KB answer, more
 * than a bare `node:http` server spends on a whole request. What it saves is under 3 KB: the answer arrives in the
 * first round trip either way (TCP's initial window is 10 segments, ~14 KB), and Lighthouse does not count savings
 * under 1.4 KB. Larger answers (lists, the OpenAPI description) are compressed as before, and a route may keep the
 * usual threshold with its own `compress` options (a public article, read on any connection). Decision 0030.
 */
export const API_COMPRESS_THRESHOLD = 4096;

export async function registerCompression(app: FastifyInstance, options: { apiPrefix: string }) {
  // Before the plugin's own onRoute hook, which reads a route's `compress` options (the whole set: it does not
  // merge them with the plugin's).
  app.addHook('onRoute', (route: RouteOptions & { compress?: FastifyCompressOptions | false }) => {
    if (route.compress === undefined && route.url.startsWith(`${options.apiPrefix}/`)) {
      route.compress = { ...COMPRESS_OPTIONS, threshold: API_COMPRESS_THRESHOLD };
    }
  });
  await app.register(compress, COMPRESS_OPTIONS);
}
