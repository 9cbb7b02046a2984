import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { REALTIME_PATH } from '@mohar/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';

/** Who a socket belongs to, decided once at the handshake; the rooms it may join follow from it. */
export type SocketIdentity =
  | { kind: 'user'; userId: string; sessionId: string }
  | { kind: 'signatory'; signatoryId: string; applicationId: string };

export type Realtime = ReturnType<typeof createRealtime>;

const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * Socket.IO at /api/v1/realtime, websocket transport only (no sticky sessions needed behind a balancer). Each socket
 * is authenticated at the handshake by `authenticate` and joins only its own rooms; the server decides what each
 * receives. With REDIS_URL, the Redis adapter carries events to sockets held by other processes.
 */
export function createRealtime(deps: {
  server: HttpServer;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  allowedOrigins: (origin: string) => boolean;
  authenticate: (request: {
    cookieHeader: string | undefined;
    portalToken: unknown;
  }) => Promise<SocketIdentity | null>;
  log: FastifyBaseLogger;
}) {
  const io = new Server(deps.server, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    serveClient: false,
    // Browsers always send Origin on a websocket: refuse other sites' pages (cross-site websocket hijacking).
    allowRequest: (request: IncomingMessage, callback) => {
      const origin = request.headers.origin;
      callback(null, origin === undefined || deps.allowedOrigins(origin));
    },
    pingInterval: 20_000,
    pingTimeout: 20_000,
  });
  const redisClients: Array<{ isReady: boolean; close: () => Promise<unknown>; destroy: () => void }> = [];

  io.use((socket, next) => {
    deps
      .authenticate({
        cookieHeader: socket.request.headers.cookie,
        portalToken: socket.handshake.auth?.portalToken,
      })
      .then((identity) => {
        if (!identity) return next(new Error('unauthorized'));
        socket.data.identity = identity;
        next();
      })
      .catch((error: unknown) => {
        deps.log.warn({ err: { message: (error as Error).message } }, 'realtime: handshake failed');
        next(new Error('unauthorized'));
      });
  });

  io.on('connection', (socket: Socket) => {
    const identity = socket.data.identity as SocketIdentity;
    if (identity.kind === 'user')
      void socket.join([userRoom(identity.userId), sessionRoom(identity.sessionId)]);
    else void socket.join(`signatory:${identity.signatoryId}`);
  });

  /** With Redis: other processes may exist, and `askOthers` reaches them. */
  let isClustered = false;

  return {
    io,
    /**
     * Asks every other process (through the Redis adapter) to run `event` with `payload`, and resolves once each has
     * answered (rejects after the adapter's request timeout, 5 s). One process (no Redis) has no others: at once.
     */
    async askOthers(event: string, payload: unknown) {
      if (isClustered) await io.serverSideEmitWithAck(event, payload);
    },
    /** What this process does when another asks `event` (`askOthers`); it answers once `run` is done. */
    whenAsked(event: string, run: (payload: unknown) => Promise<void>) {
      io.on(event, (payload: unknown, ack?: (answer: string) => void) => {
        run(payload).then(
          () => ack?.('done'),
          (error: unknown) => {
            deps.log.error({ err: error, event }, 'realtime: a request from another process failed');
            ack?.('failed');
          },
        );
      });
    },
    async start() {
      if (!deps.redisUrl) return;
      // Loaded only with REDIS_URL: a process without Redis does not keep these libraries in memory.
      const [{ createClient }, { createAdapter }] = await Promise.all([
        import('redis'),
        import('@socket.io/redis-adapter'),
      ]);
      const publisher = createClient({ url: deps.redisUrl });
      const subscriber = publisher.duplicate();
      for (const client of [publisher, subscriber])
        client.on('error', (error: Error) =>
          deps.log.error({ err: { message: error.message } }, 'realtime: redis'),
        );
      await Promise.all([publisher.connect(), subscriber.connect()]);
      // The adapter publishes without handling a refusal (`fetchSockets`, joins): a call's leave handler that runs
      // while the process closes, after Redis has gone, would be an unhandled rejection and crash the shutdown. The
      // promise is returned as it is (callers that wait still see the error); it is only marked handled.
      const publish = publisher.publish.bind(publisher);
      Object.assign(publisher, {
        publish: (...args: Parameters<typeof publish>) => {
          const sent = publish(...args);
          sent.catch(() => undefined);
          return sent;
        },
      });
      redisClients.push(publisher, subscriber);
      io.adapter(createAdapter(publisher, subscriber, { key: `${deps.redisKeyPrefix}:socket.io` }));
      isClustered = true;
    },
    toUser(userId: string, event: string, payload: unknown) {
      io.to(userRoom(userId)).emit(event, payload);
    },
    /** Whether the user has a live connection on any process. */
    async isUserOnline(userId: string): Promise<boolean> {
      const sockets = await io.in(userRoom(userId)).fetchSockets();
      return sockets.length > 0;
    },
    /**
     * Before the HTTP server closes (SIGTERM, a restart): every connection is closed under its socket rather than the
     * socket ended, so the client sees "transport close", which socket.io-client answers by reconnecting — through
     * the balancer, to another process — where `socket.disconnect()`'s "io server disconnect" would leave it offline.
     * Open websockets would also hold the server open.
     */
    disconnectAll() {
      io.engine.close();
    },
    /** Sockets connected to this process. */
    liveSockets(): number {
      return io.engine.clientsCount;
    },
    /** A session ended (log out): its sockets go with it. */
    endSession(sessionId: string) {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    /** Every session of a user ended (suspended, or signed out everywhere by an admin): their sockets go too. */
    endUser(userId: string) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    /** After the HTTP server closed (Fastify closes it; `io.close()` would close it a second time). */
    async close() {
      // close() waits for a Redis that may not come back (or a reconnection under way); destroy() does not wait.
      await Promise.all(
        redisClients.map((client) =>
          client.isReady ? client.close().catch(() => undefined) : Promise.resolve(client.destroy()),
        ),
      );
    },
  };
}
