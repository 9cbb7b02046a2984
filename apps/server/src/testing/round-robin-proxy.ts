import http, { type IncomingMessage } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';

/**
 * A reverse proxy in front of several server processes, as an operator's Caddy would be: each request and each
 * websocket upgrade goes to the next process in turn (one counter for both, no stickiness), the Host kept, and
 * `X-Forwarded-For` set to the address the connection came from, replacing whatever the client sent (so behind it
 * TRUST_PROXY cannot be fooled by a made-up header; docs/deploy.md). Every answer says which process gave it
 * (`x-upstream: <index>`), and `upgrades` lists where each websocket went, so a test can state where each step ran.
 *
 * For a browser journey, which cannot pick its turn: `placeUpgrade` may place a websocket on a chosen process (the
 * test labels each browser), and `pin` sends the next request matching a method and path to a chosen process, once.
 * A websocket whose process refuses the connection (stopped, not yet restarted) goes to the next one, as a
 * balancer's retry would; plain requests do not (a 502), so the web app's own retry is what carries them over.
 */
export async function startRoundRobinProxy(
  upstreams: Array<{ port: number }>,
  options: {
    port?: number;
    placeUpgrade?: (request: IncomingMessage) => { upstream: number; label: string } | undefined;
  } = {},
) {
  let turn = 0;
  const take = () => turn++ % upstreams.length;
  const upgrades: number[] = [];
  /** Each websocket's process and the label its placement came with (null when it took its turn). */
  const placedUpgrades: Array<{ upstream: number; label: string | null }> = [];
  const pins: Array<{ method: string; path: RegExp; upstream: number }> = [];
  /** Each pinned request as served: its method, path, process and status. */
  const pinnedServed: Array<{ method: string; path: string; upstream: number; status: number }> = [];
  const tunnels = new Set<Socket>();

  /** The process for a request and whether a pin chose it (the pin is then used up), else the next in turn. */
  const route = (request: IncomingMessage) => {
    const pinned = pins.findIndex(
      (pin) => pin.method === request.method && pin.path.test(request.url?.split('?')[0] ?? ''),
    );
    const [pin] = pinned === -1 ? [] : pins.splice(pinned, 1);
    return pin ? { index: pin.upstream, pinned: true } : { index: take(), pinned: false };
  };

  const forwarded = (request: IncomingMessage) => ({
    ...request.headers,
    'x-forwarded-for': request.socket.remoteAddress ?? '',
    'x-forwarded-proto': 'http',
  });

  const server = http.createServer((request, response) => {
    const { index, pinned } = route(request);
    const served = (status: number) => {
      if (pinned)
        pinnedServed.push({ method: request.method ?? '', path: request.url ?? '', upstream: index, status });
    };
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: upstreams[index]?.port,
        method: request.method,
        path: request.url,
        headers: forwarded(request),
      },
      (answer) => {
        served(answer.statusCode ?? 502);
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(index) });
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) served(502);
      if (!response.headersSent) response.writeHead(502, { 'x-upstream': String(index) });
      response.end();
    });
    request.pipe(upstream);
  });

  server.on('upgrade', (request: IncomingMessage, client: Socket, head: Buffer) => {
    const placed = options.placeUpgrade?.(request);
    const first = placed?.upstream ?? take();
    const tunnel = (tries: number) => {
      const index = (first + tries) % upstreams.length;
      let connected = false;
      const upstream = connect(upstreams[index]?.port ?? 0, '127.0.0.1', () => {
        connected = true;
        upgrades.push(index);
        placedUpgrades.push({ upstream: index, label: placed?.label ?? null });
        const lines = [`${request.method} ${request.url} HTTP/1.1`];
        for (const [name, value] of Object.entries(forwarded(request)))
          for (const one of [value].flat()) if (one !== undefined) lines.push(`${name}: ${one}`);
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        client.pipe(upstream).pipe(client);
        for (const socket of [client, upstream]) {
          tunnels.add(socket);
          socket.on('close', () => tunnels.delete(socket));
        }
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
      });
      upstream.once('error', () => {
        if (!connected && tries + 1 < upstreams.length) tunnel(tries + 1);
        else client.destroy();
      });
    };
    client.on('error', () => client.destroy());
    tunnel(0);
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    upgrades,
    placedUpgrades,
    pinnedServed,
    /** The next `method` request whose path matches `path` goes to process `upstream`. */
    pin(rule: { method: string; path: RegExp; upstream: number }) {
      pins.push(rule);
    },
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
