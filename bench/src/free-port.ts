import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';

/**
 * A loopback port nobody listens on now, for one of the bench's servers: fixed ports failed the bench whenever a
 * helper's or an earlier run's server still held one. The operating system picks it; the server binds it moments later.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
