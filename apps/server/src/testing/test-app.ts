import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type AppDeps, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLocalBlobStore } from '../platform/blob-store.ts';
import { loadEncryptionKey } from '../platform/crypto.ts';
import { createTestDatabase } from './test-db.ts';

/** The real app (every module, real database, real blob store on disk) for app.inject tests. */
export async function createTestApp(options: { env?: Record<string, string>; webRoot?: string | null } = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mohar-app-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...options.env });
  const database = await createTestDatabase();
  const encryptionKey = await loadEncryptionKey({ configured: config.encryptionKey, dataDir });
  const blobStore = createLocalBlobStore(path.join(dataDir, 'blobs'), { encryptionKey });
  const deps: AppDeps = {
    config,
    database,
    blobStore,
    encryptionKey,
    webRoot: options.webRoot ?? null,
    logger: false,
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    config,
    database,
    db: database.db,
    blobStore,
    dataDir,
    encryptionKey,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
