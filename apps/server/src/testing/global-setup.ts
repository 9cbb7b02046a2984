import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { wrapPglite, wrapPostgres } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
    postgresTemplate: string;
  }
}

/** Migrates once per run; every test file then starts from a copy of that database (fast and isolated). */
export default async function setup(project: TestProject) {
  const isPostgres = project.config.env?.TEST_DB === 'postgres';
  if (!isPostgres) {
    const dir = path.join(os.tmpdir(), `mohar-test-${process.pid}-${project.name}`);
    await mkdir(dir, { recursive: true });
    const client = await PGlite.create();
    await migrateDatabase(wrapPglite(client));
    const dump = await client.dumpDataDir('gzip');
    await client.close();
    const snapshotPath = path.join(dir, 'snapshot.tar.gz');
    await writeFile(snapshotPath, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteSnapshotPath', snapshotPath);
    project.provide('postgresTemplate', '');
    return async () => rm(dir, { recursive: true, force: true });
  }

  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the postgres project');
  const template = `mohar_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${template} with (force)`);
  await admin.query(`create database ${template}`);
  await admin.end();
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  const handle = wrapPostgres(new pg.Pool({ connectionString: templateUrl.toString(), max: 1 }));
  await migrateDatabase(handle);
  await handle.close();
  project.provide('postgresTemplate', template);
  project.provide('pgliteSnapshotPath', '');
  return async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${template} with (force)`);
    await cleanup.end();
  };
}
