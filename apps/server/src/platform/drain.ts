import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { ERROR_CODES } from '@mohar/contracts/error-codes';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export type Drain = ReturnType<typeof createDrain>;

const REFUSAL = Buffer.from(
  JSON.stringify({
    message: 'This server is shutting down; send the request again to reach another one.',
    code: ERROR_CODES.shuttingDown,
  }),
);

/** While draining, idle keep-alive connections are closed this often: a request that just finished frees its own. */
const IDLE_SWEEP_MS = 100;

/**
 * A process that received SIGTERM stops taking requests at once: from `begin`, every new request (readiness
 * included, so a load balancer takes the process out) is answered 503 `service.shutting_down` with
 * `Connection: close` before any of the framework's work, while requests already in flight (an upload, a recording
 * part, a seal) run to their end. The check is one boolean in the HTTP server's handler. Connections left idle are
 * closed as they become so, because `server.close()` waits for every open connection and a keep-alive one would
 * otherwise hold it until its timeout.
 */
export function createDrain(options: { onBegin?: () => void } = {}) {
  let isDraining = false;
  let sweep: NodeJS.Timeout | null = null;

  return {
    get isDraining() {
      return isDraining;
    },
    /** The HTTP server's request handler, refusing new requests once draining. */
    gate(handler: Handler): Handler {
      return (request, response) => {
        if (!isDraining) {
          handler(request, response);
          return;
        }
        response.writeHead(503, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': REFUSAL.length,
          'cache-control': 'no-store',
          'retry-after': '1',
          connection: 'close',
        });
        response.end(REFUSAL);
      };
    },
    /** From now on new requests are refused and connections close once idle; in-flight requests go on. */
    begin(server: Server) {
      if (isDraining) return;
      isDraining = true;
      options.onBegin?.();
      server.closeIdleConnections();
      sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      sweep.unref();
      server.once('close', () => {
        if (sweep) clearInterval(sweep);
      });
    },
  };
}
