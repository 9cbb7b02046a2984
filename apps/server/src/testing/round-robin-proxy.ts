import http, { type IncomingMessage } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';

/**
 * A reverse proxy in front of several server processes, as an operator's Caddy would be: each request and each
 * websocket upgrade goes to the next process in turn (one counter for both, no stickiness), the Host kept, and
 * `X-Forwarded-For` set to the address the connection came from, replacing whatever the client sent (so behind it
 * TRUST_PROXY cannot be fooled by a made-up header; docs/deploy.md). Every answer says which process gave it
 * (`x-upstream: <index>`), and `upgrades` lists where each websocket went, so a test can state where each step ran.
 */
export async function startRoundRobinProxy(upstreams: Array<{ port: number }>) {
  let turn = 0;
  const take = () => turn++ % upstreams.length;
  const upgrades: number[] = [];
  const tunnels = new Set<Socket>();

  const forwarded = (request: IncomingMessage) => ({
    ...request.headers,
    'x-forwarded-for': request.socket.remoteAddress ?? '',
    'x-forwarded-proto': 'http',
  });

  const server = http.createServer((request, response) => {
    const index = take();
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: upstreams[index]?.port,
        method: request.method,
        path: request.url,
        headers: forwarded(request),
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(index) });
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'x-upstream': String(index) });
      response.end();
    });
    request.pipe(upstream);
  });

  server.on('upgrade', (request: IncomingMessage, client: Socket, head: Buffer) => {
    const index = take();
    upgrades.push(index);
    const upstream = connect(upstreams[index]?.port ?? 0, '127.0.0.1', () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (const [name, value] of Object.entries(forwarded(request)))
        for (const one of [value].flat()) if (one !== undefined) lines.push(`${name}: ${one}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      client.pipe(upstream).pipe(client);
    });
    for (const socket of [client, upstream]) {
      tunnels.add(socket);
      socket.on('close', () => tunnels.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    upgrades,
    /** Which process the next request or upgrade goes to. */
    get next() {
      return turn % upstreams.length;
    },
    async close() {
      for (const socket of tunnels) socket.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type RoundRobinProxy = Awaited<ReturnType<typeof startRoundRobinProxy>>;
