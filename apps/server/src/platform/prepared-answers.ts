import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { matchesEtag, type PreparedCoding, preferredCoding } from './http-cache.ts';
import { generateRequestId } from './security.ts';

/** An answer held ready to send: its body in each coding, and its entity tag. */
export type ReadyAnswer = { etag: string } & Record<PreparedCoding, Buffer>;

type Entry = {
  /** The answer as it stands now, or null when it must be made again (then the route's handler does that). */
  current: () => ReadyAnswer | null;
  /** The route's own headers (caching), sent with the security headers of an API answer, 304 included. */
  headers: Readonly<Record<string, string>>;
  /** The body's type (not sent with a 304). */
  contentType: string;
};

export type PreparedAnswers = ReturnType<typeof createPreparedAnswers>;

/**
 * Public GET answers a route already holds serialised and compressed (the resources list), sent straight from the
 * HTTP server before Fastify sees the request. Such a request needs none of the framework's per-request work: no
 * cookie, no session, no body, no CSRF check (a GET), no rate limit (public reads have none), nothing to serialise
 * or compress. That work was most of its cost: the list answered at 25–35 % of a bare `node:http` server's rate,
 * the same as `GET /session`, whose answer is made per request (decision 0035).
 *
 * Only an exact path is served here, and only while its answer is current: a query string, another method, a
 * list not yet read or past its cache window goes through the route as before, which reads it again. The answer
 * carries what the route would send: the API's security headers (`headers`, the same object the security hook
 * sends), a request id, the route's caching headers, 304 for a current If-None-Match. Requests are only answered
 * here while the app writes no request log (`open`): at a level that logs requests they take the logged way.
 */
export function createPreparedAnswers(options: { headers: Readonly<Record<string, string>> }) {
  // Each path's fixed headers, merged once.
  const entries = new Map<string, Entry & { fixed: Record<string, string> }>();
  let isOpen = false;

  function answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (!isOpen || request.method !== 'GET') return false;
    const entry = entries.get(request.url ?? '');
    const ready = entry?.current();
    if (!entry || !ready) return false;
    const headers: Record<string, string | number> = {
      ...entry.fixed,
      etag: ready.etag,
      'x-request-id': generateRequestId(request),
    };
    if (matchesEtag(request.headers['if-none-match'], ready.etag)) {
      response.writeHead(304, headers).end();
      return true;
    }
    const coding = preferredCoding(request.headers['accept-encoding']);
    const body = ready[coding];
    headers['content-type'] = entry.contentType;
    if (coding !== 'identity') headers['content-encoding'] = coding;
    headers['content-length'] = body.length;
    response.writeHead(200, headers).end(body);
    return true;
  }

  return {
    /** Serves `path` from `current` while it returns an answer; the route stays for every other case. */
    add(path: string, entry: Entry) {
      entries.set(path, { ...entry, fixed: { ...options.headers, ...entry.headers } });
    },
    /** From now on (the app is built and writes no request log) until `close`. */
    open() {
      isOpen = true;
    },
    close() {
      isOpen = false;
    },
    /**
     * Fastify's `serverFactory`: the HTTP server Fastify would make (same timeouts), answering prepared requests
     * first and handing every other one to Fastify.
     */
    serverFactory(
      handler: (request: IncomingMessage, response: ServerResponse) => void,
      serverOptions: FastifyServerOptions & { http?: ServerOptions },
    ): Server {
      const server = createServer(serverOptions.http ?? {}, (request, response) => {
        if (!answer(request, response)) handler(request, response);
      });
      if (serverOptions.keepAliveTimeout) server.keepAliveTimeout = serverOptions.keepAliveTimeout;
      if (serverOptions.requestTimeout) server.requestTimeout = serverOptions.requestTimeout;
      if (serverOptions.maxRequestsPerSocket)
        server.maxRequestsPerSocket = serverOptions.maxRequestsPerSocket;
      server.setTimeout(serverOptions.connectionTimeout ?? 0);
      return server;
    },
  };
}
