import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay on a loopback port to a real service (PostgreSQL, Redis, the S3 server), which a test can stop — its
 * port closed, its connections cut, as when the service goes away — and start again on the same port. The app
 * under test is pointed at the relay; the service itself is never touched, so other test files sharing it see
 * nothing.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const connections = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  async function start() {
    const listening = createServer((client) => {
      const upstream = createConnection(target);
      connections.add(client).add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        connections.delete(client);
        connections.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });
    port = (listening.address() as { port: number }).port;
    server = listening;
  }

  async function stop() {
    const closing = server;
    server = null;
    for (const socket of connections) socket.destroy();
    connections.clear();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  await start();
  return {
    get port() {
      return port;
    },
    /** `url` with its host and port replaced by the relay's. */
    through(url: string): string {
      const relayed = new URL(url);
      relayed.hostname = '127.0.0.1';
      relayed.port = String(port);
      return relayed.toString().replace(/\/$/, '');
    },
    start,
    stop,
  };
}

export type TcpProxy = Awaited<ReturnType<typeof startTcpProxy>>;
