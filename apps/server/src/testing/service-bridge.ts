import { rm } from 'node:fs/promises';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';

/**
 * The browser journeys run in a loopback-only network namespace (scripts/test.ts), where the machine's PostgreSQL and
 * Redis on 127.0.0.1 cannot be reached: the namespace has a loopback of its own. Unix sockets live in the file
 * system, which the namespace shares. So outside, `bridgeOut` offers each service on a socket file in `dir`; inside,
 * `bridgeIn` offers each socket file on a loopback port again, for the journey's server processes (decision 0047).
 */
const SERVICES = ['postgres', 'redis'] as const;
type Service = (typeof SERVICES)[number];

function relay(listenOn: (server: Server) => void, target: () => Socket): Promise<Server> {
  const server = createServer((client) => {
    const upstream = target();
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.once('listening', () => resolve(server));
    listenOn(server);
  });
}

const socketFile = (dir: string, service: Service) => path.join(dir, `${service}.sock`);

/** Outside the namespace: each service's TCP address (host:port) on a socket file in `dir`. Returns the closer. */
export async function bridgeOut(dir: string, targets: Record<Service, { host: string; port: number }>) {
  const servers = await Promise.all(
    SERVICES.map(async (service) => {
      const file = socketFile(dir, service);
      await rm(file, { force: true });
      const { host, port } = targets[service];
      return relay(
        (server) => server.listen(file),
        () => connect(port, host),
      );
    }),
  );
  return () => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
}

/** Inside the namespace: each service's socket file in `dir` on a loopback port of its own. */
export async function bridgeIn(dir: string): Promise<Record<Service, number>> {
  const ports = {} as Record<Service, number>;
  for (const service of SERVICES) {
    const server = await relay(
      (s) => s.listen(0, '127.0.0.1'),
      () => connect(socketFile(dir, service)),
    );
    ports[service] = (server.address() as AddressInfo).port;
  }
  return ports;
}
