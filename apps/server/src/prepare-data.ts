// Before the server opens its database: migrations, the key check, demo content and the admin from ADMIN_EMAIL. main.ts
// runs this file in a child process of its own and waits for it. Migrating and seeding (PDFs, images, certificates,
// password hashes) leave the process that did them larger for good: the libraries they load stay in V8's heap, and
// their freed buffers leave the C allocator's main heap fragmented (decision 0024). The server that then serves
// holds none of it: a first start idles like any later one.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { type AppConfig, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { checkKeysAtStart } from './key-check-at-start.ts';
import { seedDemoApplications } from './modules/applications/demo-content/seed-demo-applications.ts';
import { seedDemoPlans } from './modules/billing/demo-content/seed-demo-plans.ts';
import { seedDemoBlogs } from './modules/blog/demo-content/seed-demo-blogs.ts';
import { seedDemoNotaries } from './modules/notaries/demo-content/seed-demo-notaries.ts';
import { seedDemoPayments } from './modules/payments/demo-content/seed-demo-payments.ts';
import { openEncryptedStore } from './platform/data-stores.ts';
import { KeyCheckError } from './platform/key-check.ts';

/** What the start-up banner tells about the preparation. */
export type Prepared = {
  /** Resources articles added by this start (null without demo content). */
  seeded: { inserted: number; published: number } | null;
  demoAccounts: Array<{ role: string; email: string; password: string }>;
  /** The stored data is still sealed with ENCRYPTION_KEY_PREVIOUS (a rotation to finish). */
  keyIsPrevious: boolean;
};

/**
 * Migrates, checks the key, seeds demo content and ensures the admin, on a database of its own that it closes.
 * Throws KeyCheckError when the key does not open the stored data.
 */
export async function prepareData(config: AppConfig): Promise<Prepared> {
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database);
    const { keys, blobStore } = await openEncryptedStore(config);
    const outcome = await checkKeysAtStart({ db: database.db, keys, blobStore });
    // The services the seeds go through, never started: no jobs, no sockets, nothing listening.
    const app = await buildApp({
      config,
      database,
      blobStore,
      encryptionKey: keys.current,
      encryptionKeyPrevious: keys.previous,
      webRoot: null,
    });
    try {
      const prepared: Prepared = { seeded: null, demoAccounts: [], keyIsPrevious: outcome === 'previous' };
      if (config.seedDemo) {
        prepared.seeded = await seedDemoBlogs({ db: database.db, blobStore });
        prepared.demoAccounts = await app.mohar.usersService.seedDemoAccounts();
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
        await seedDemoPlans({
          db: database.db,
          plansService: app.mohar.billing.plansService,
          adminEmail: 'admin@mohar.example',
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
        const admin = await app.mohar.usersService.ensureAdmin(config.admin);
        app.log.info({ email: config.admin.email, outcome: admin }, 'admin account from ADMIN_EMAIL');
      }
      return prepared;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/** As a child of main.ts: the outcome goes back over the IPC channel; a refusal is a sentence and exit code 1. */
async function runAsChild() {
  try {
    const prepared = await prepareData(loadConfig());
    await new Promise<void>((resolve, reject) =>
      process.send?.(prepared, (error: Error | null) => (error ? reject(error) : resolve())),
    );
    process.exit(0);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof KeyCheckError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await runAsChild();
}
