import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { checkKeysAtStart } from './key-check-at-start.ts';
import { seedDemoApplications } from './modules/applications/demo-content/seed-demo-applications.ts';
import { seedDemoBlogs } from './modules/blog/demo-content/seed-demo-blogs.ts';
import { seedDemoNotaries } from './modules/notaries/demo-content/seed-demo-notaries.ts';
import { seedDemoPayments } from './modules/payments/demo-content/seed-demo-payments.ts';
import { createEncryptedBlobStore } from './platform/blob-encryption.ts';
import { createLocalBlobStore } from './platform/blob-store.ts';
import { loadEncryptionKeys } from './platform/crypto.ts';
import { KeyCheckError } from './platform/key-check.ts';

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

/** A key that does not open the stored data would make every file and MFA secret unreadable: do not start. */
async function refuseWrongKey(deps: Parameters<typeof checkKeysAtStart>[0]) {
  try {
    const outcome = await checkKeysAtStart(deps);
    if (outcome === 'previous')
      process.stderr.write(
        'The stored data is still sealed with ENCRYPTION_KEY_PREVIOUS: run `npm run keys:rotate` to finish the rotation.\n',
      );
  } catch (error) {
    if (error instanceof KeyCheckError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Starts the whole platform on one port: migrations, demo content, API and the built web app. */
export async function main() {
  const config = readConfig();
  await mkdir(config.dataDir, { recursive: true });
  const database = await openDatabase(config);
  await migrateDatabase(database);
  const keys = await loadEncryptionKeys({
    configured: config.encryptionKey,
    configuredPrevious: config.encryptionKeyPrevious,
    dataDir: config.dataDir,
  });
  const blobStore = createEncryptedBlobStore(createLocalBlobStore(path.join(config.dataDir, 'blobs')), keys);
  await refuseWrongKey({ db: database.db, keys, blobStore });
  const encryptionKey = keys.current;

  const app = await buildApp({
    config,
    database,
    blobStore,
    encryptionKey,
    encryptionKeyPrevious: keys.previous,
    webRoot: existsSync(path.join(WEB_DIST, 'index.html')) ? WEB_DIST : null,
  });

  const seeded = config.seedDemo ? await seedDemoBlogs({ db: database.db, blobStore }) : null;
  const demoAccounts = config.seedDemo ? await app.mohar.usersService.seedDemoAccounts() : [];
  if (config.seedDemo) {
    await seedDemoNotaries({
      db: database.db,
      notariesService: app.mohar.notariesService,
      adminEmail: 'admin@mohar.example',
    });
    await seedDemoApplications({
      db: database.db,
      applicationsService: app.mohar.applicationsService,
      clientEmail: 'client@mohar.example',
      notaryEmail: 'notary@mohar.example',
    });
    await seedDemoPayments({
      db: database.db,
      applicationsService: app.mohar.applicationsService,
      paymentsService: app.mohar.paymentsService,
      refundsService: app.mohar.refundsService,
      sandboxGateway: app.mohar.sandboxGateway,
      clientEmail: 'client@mohar.example',
      adminEmail: 'admin@mohar.example',
    });
  }
  if (config.admin) {
    const outcome = await app.mohar.usersService.ensureAdmin(config.admin);
    app.log.info({ email: config.admin.email, outcome }, 'admin account from ADMIN_EMAIL');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
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
