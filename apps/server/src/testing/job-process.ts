// A job runner in a process of its own, on the database named by JOB_TEST_DB_URL: it starts the queue, kicks
// `crashy` and runs it until the test kills the process with SIGKILL mid-run (platform/pg-boss-jobs.test.ts).
import pg from 'pg';
import { createPgBossJobs, poolDb } from '../platform/pg-boss-jobs.ts';
import { CRASH_TUNING } from './job-queue.ts';

const pool = new pg.Pool({ connectionString: process.env.JOB_TEST_DB_URL, max: 2 });
const jobs = createPgBossJobs({
  log: { error: (obj, msg) => process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`) },
  db: poolDb(pool),
  tuning: CRASH_TUNING,
});
jobs.register({
  name: 'crashy',
  run: async () => {
    await pool.query(`insert into job_effects (step) values ('started')`);
    await new Promise(() => {});
  },
});
await jobs.start();
jobs.kick('crashy');
