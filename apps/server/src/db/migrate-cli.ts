import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

const config = loadConfig();
const handle = await openDatabase(config);
await migrateDatabase(handle);
await handle.close();
console.log(`Migrations applied (${handle.driver}).`);
