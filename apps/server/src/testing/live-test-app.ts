import { afterAll, beforeAll } from 'vitest';
import { type Builders, buildersFor } from './builders/index.ts';
import { connect, listening, type TestSocket } from './realtime.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A test app listening on a free port, for files that talk to the call over real websockets: builders for its
 * records, and `open` for a socket that is closed with the app. Call it at a file's top level (it registers the
 * file's hooks); `t` and `build` are there once the file's tests run.
 */
export function liveTestApp(now: Date, env: Record<string, string> = {}) {
  let app: TestApp | undefined;
  let builders: Builders | undefined;
  let origin = '';
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    app = await createTestApp({ now: () => now, env });
    origin = await listening(app.app);
    builders = buildersFor(app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('liveTestApp: used before the file started it');
    return value;
  };
  return {
    get t() {
      return started(app);
    },
    get build() {
      return started(builders);
    },
    async open(options: Parameters<typeof connect>[1] = {}) {
      const socket = await connect(origin, options);
      sockets.push(socket);
      return socket;
    },
  };
}
