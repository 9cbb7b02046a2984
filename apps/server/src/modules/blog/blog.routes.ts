import { blogListResponse, blogParams, blogResponse, errorResponse } from '@mohar/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMPRESS_OPTIONS } from '../../platform/compression.ts';
import { matchesEtag, preferredCoding } from '../../platform/http-cache.ts';
import type { PreparedAnswers } from '../../platform/prepared-answers.ts';
import type { BlogService } from './blog.service.ts';

const imageQuery = z.strictObject({ v: z.string().max(64).optional() });

/** The list's own headers. Fresh for a minute, then revalidated: an unchanged list costs a 304 without a body. */
const LIST_HEADERS = { 'cache-control': 'public, max-age=60', vary: 'accept-encoding' };
const JSON_TYPE = 'application/json; charset=utf-8';

export function blogRoutes(deps: {
  blogService: BlogService;
  preparedAnswers: PreparedAnswers;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // While the cached list is current its prepared answer is sent by the HTTP server itself; this route reads the
    // list again when it is not, and answers every request the server passes on (platform/prepared-answers.ts).
    deps.preparedAnswers.add(`${app.prefix}/blogs`, {
      current: deps.blogService.currentList,
      headers: LIST_HEADERS,
      contentType: JSON_TYPE,
    });
    app.get(
      '/blogs',
      {
        schema: {
          tags: ['blog'],
          summary: 'Published resources articles, newest first',
          response: { 200: blogListResponse },
        },
      },
      async (request, typedReply) => {
        const list = await deps.blogService.preparedList();
        // Untyped: the prepared bytes are already this schema's JSON (blog.service writes them through it).
        const reply = typedReply as FastifyReply;
        reply.headers(LIST_HEADERS).header('etag', list.etag);
        if (matchesEtag(request.headers['if-none-match'], list.etag)) return reply.status(304).send();
        const coding = preferredCoding(request.headers['accept-encoding']);
        // Already compressed (@fastify/compress passes an answer with a Content-Encoding through).
        if (coding !== 'identity') reply.header('content-encoding', coding);
        return reply.type(JSON_TYPE).send(list[coding]);
      },
    );

    app.get(
      '/blogs/:id',
      {
        // An article (3–4 KB of JSON) is what a reader waits for, on whatever connection: compressed from 1 KB, as
        // pages are, not only from the API's 4 KB (platform/compression.ts).
        compress: COMPRESS_OPTIONS,
        schema: {
          tags: ['blog'],
          summary: 'One published article, by id or slug',
          params: blogParams,
          response: { 200: blogResponse, 404: errorResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=60');
        return { data: await deps.blogService.getPublishedBlog(request.params.id) };
      },
    );

    app.get(
      '/blogs/:id/image',
      {
        schema: {
          tags: ['blog'],
          summary: "An article's image (binary; 404 with the error body when missing)",
          params: blogParams,
          querystring: imageQuery,
        },
      },
      async (request, reply) => {
        const image = await deps.blogService.getBlogImage(request.params.id);
        // A versioned URL (?v=<hash>) never changes content, so browsers may keep it for a year.
        const isVersioned = request.query.v !== undefined && image.etag.includes(request.query.v);
        reply
          .header(
            'cache-control',
            isVersioned ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          )
          .header('etag', image.etag)
          .header('x-content-type-options', 'nosniff')
          // SVG can carry script: served with a sandbox policy it is only ever a picture.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .type(image.contentType);
        if (request.headers['if-none-match'] === image.etag) {
          image.body.destroy();
          return reply.status(304).send();
        }
        return reply.send(image.body);
      },
    );
  };
}
