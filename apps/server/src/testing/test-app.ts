import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type App, type AppDeps, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createEncryptedBlobStore } from '../platform/blob-encryption.ts';
import { loadEncryptionKeys } from '../platform/crypto.ts';
import { openBlobBackend } from '../platform/data-stores.ts';
import { loggerOptions } from '../platform/logger.ts';
import { createTestDatabase } from './test-db.ts';

/**
 * The real app (every module, real database, real blob store on disk or in an S3 bucket) for app.inject tests. With `logLines`, every
 * log line the app writes (requests included, at the most detailed level) is collected there, for tests about logs.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    webRoot?: string | null;
    logLines?: string[];
    /** The app's clock for service hours and deadlines. */
    now?: () => Date;
  } = {},
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mohar-app-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...options.env });
  const database = await createTestDatabase();
  const keys = await loadEncryptionKeys({
    configured: config.encryptionKey,
    configuredPrevious: config.encryptionKeyPrevious,
    dataDir,
  });
  const encryptionKey = keys.current;
  // The backend the settings name: the temp folder, or a bucket with BLOB_STORE=s3 (testing/s3.ts).
  const blobStore = createEncryptedBlobStore(await openBlobBackend(config), keys);
  const deps: AppDeps = {
    config,
    database,
    blobStore,
    encryptionKey,
    encryptionKeyPrevious: keys.previous,
    webRoot: options.webRoot ?? null,
    logger: options.logLines
      ? {
          ...(loggerOptions(config) as object),
          level: 'trace',
          stream: { write: (line: string) => void options.logLines?.push(line) },
        }
      : false,
    logRequests: Boolean(options.logLines),
    now: options.now,
  };
  const app = await buildApp(deps);
  await app.ready();
  const siblings: App[] = [];
  const t = {
    app,
    config,
    database,
    db: database.db,
    blobStore,
    dataDir,
    encryptionKey,
    /** As after a crash and a restart: a new app on the same database and files (the old one's timers gone). */
    async restart() {
      await t.app.close();
      t.app = await buildApp(deps);
      await t.app.ready();
      return t.app;
    },
    /** Another server process on the same database and files, with its own settings (e.g. REDIS_URL). */
    async sibling(env: Record<string, string> = {}) {
      const sibling = await buildApp({
        ...deps,
        config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...options.env, ...env }),
      });
      await sibling.ready();
      siblings.push(sibling);
      return sibling;
    },
    async close() {
      for (const sibling of siblings) await sibling.close();
      await t.app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
