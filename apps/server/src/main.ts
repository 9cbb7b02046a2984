import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { openEncryptedStore } from './platform/data-stores.ts';
import type { Prepared } from './prepare-data.ts';

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

function readConfig() {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Migrations, the key check, demo content and the admin, in a child process (prepare-data.ts) that exits before this
 * one opens the database: what that work leaves in memory is not kept by the server. The child is this process's
 * Node with its flags (the heap size); a refusal (wrong key, bad configuration) has been printed by it.
 */
async function prepareInChild(): Promise<Prepared> {
  const child = fork(fileURLToPath(new URL('./prepare-data.ts', import.meta.url)), [], {
    // Without an inspector flag: the child would ask for the same port.
    execArgv: process.execArgv.filter((flag) => !flag.startsWith('--inspect')),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let prepared: Prepared | null = null;
  child.on('message', (message) => {
    prepared = message as Prepared;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0 || !prepared) process.exit(code || 1);
  return prepared;
}

/** Starts the whole platform on one port: migrations, demo content, API and the built web app. */
export async function main() {
  const config = readConfig();
  await mkdir(config.dataDir, { recursive: true });
  const { seeded, demoAccounts, keyIsPrevious } = await prepareInChild();
  if (keyIsPrevious)
    process.stderr.write(
      'The stored data is still sealed with ENCRYPTION_KEY_PREVIOUS: run `npm run keys:rotate` to finish the rotation.\n',
    );
  const database = await openDatabase(config);
  const { keys, blobStore } = await openEncryptedStore(config);

  const app = await buildApp({
    config,
    database,
    blobStore,
    encryptionKey: keys.current,
    encryptionKeyPrevious: keys.previous,
    webRoot: existsSync(path.join(WEB_DIST, 'index.html')) ? WEB_DIST : null,
  });

  let closing = false;
  /**
   * SIGTERM (a rolling restart, a scale-down): readiness and every new request answer 503 at once and the server
   * stops accepting connections; sockets are told to reconnect (to another process); requests in flight — an
   * upload, a recording part, a seal — and running jobs finish; then the database closes and the process exits 0.
   * What still runs after SHUTDOWN_GRACE_SECONDS is cut, and the exit code says so (1).
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: refusing new requests, finishing those in flight');
    app.mohar.drain.begin(app.server);
    let isCut = false;
    const grace = setTimeout(() => {
      isCut = true;
      app.log.error({ graceMs: config.shutdownGraceMs }, 'shutting down: requests still in flight were cut');
      app.server.closeAllConnections();
    }, config.shutdownGraceMs);
    grace.unref();
    await app.close();
    clearTimeout(grace);
    await database.close();
    app.log.info('shut down');
    process.exit(isCut ? 1 : 0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `  Mohar is running at ${config.publicUrl.replace(`:${config.port}`, `:${port}`)}`,
    `  API docs:          ${config.publicUrl.replace(`:${config.port}`, `:${port}`)}/api/v1/docs`,
    `  Database:          ${database.driver === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Mail:              ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `development outbox, read it at ${config.publicUrl.replace(`:${config.port}`, `:${port}`)}/dev/mailbox`}`,
    ...(config.seedDemo
      ? [
          `  Demo data:         resources blog articles${seeded && seeded.inserted > 0 ? ` (${seeded.published} published and ${seeded.inserted - seeded.published} draft added now)` : ''}; see /resources`,
          '  Demo accounts (log in at /login):',
          ...demoAccounts.map((a) => `    ${a.role.padEnd(7)} ${a.email.padEnd(22)} password ${a.password}`),
          '    (notary and notary2 are verified notaries, notary3 waits in the admin queue;',
          '     client has one application awaiting payment, one draft, and a refunded failed session:',
          '     its wallet balance pays the waiting one; payments go through the sandbox page /pay/sandbox/…)',
        ]
      : []),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return app;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}
