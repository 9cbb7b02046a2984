// `npm run admin:create`: creates an admin (or resets an existing admin's password) in the configured database.
// Asks for the e-mail, name and password; ADMIN_EMAIL and ADMIN_PASSWORD skip the questions (for scripts).
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { passwordField } from '@mohar/contracts';
import { z } from 'zod';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { findPasswordWeakness } from '../../platform/passwords.ts';
import { createUsersService } from './users.service.ts';

// Typed passwords are not echoed.
let isMuted = false;
const output = new Writable({
  write(chunk, _encoding, done) {
    if (!isMuted) process.stdout.write(chunk);
    done();
  },
});
const prompt = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
// Reading lines as a stream also works when answers are piped in (question() would drop early lines).
const lines = prompt[Symbol.asyncIterator]();

async function ask(question: string, options: { secret?: boolean } = {}) {
  process.stdout.write(question);
  isMuted = Boolean(options.secret);
  const next = await lines.next();
  isMuted = false;
  if (options.secret || !process.stdin.isTTY) process.stdout.write('\n');
  return next.done ? '' : String(next.value).trim();
}

function fail(message: string): never {
  console.error(`admin:create: ${message}`);
  process.exit(1);
}

const config = loadConfig();
const email = config.admin?.email ?? (await ask('Admin e-mail: '));
if (!z.email().safeParse(email).success) fail(`"${email}" is not an e-mail address`);
const name = config.admin ? 'Mohar admin' : (await ask('Full name [Mohar admin]: ')) || 'Mohar admin';
const password = config.admin?.password ?? (await ask('Password (8–128 characters): ', { secret: true }));
const policy = z.safeParse(passwordField, password);
if (!policy.success) fail(policy.error.issues[0]?.message ?? 'invalid password');
const weakness = await findPasswordWeakness(password, [name, email]);
if (weakness) fail(weakness);
prompt.close();

const database = await openDatabase(config);
try {
  await migrateDatabase(database);
  const outcome = await createUsersService({ db: database.db }).ensureAdmin({ email, password, name });
  console.log(
    `Admin ${email} ${outcome === 'created' ? 'created' : 'updated (password reset, account enabled)'}.`,
  );
} finally {
  await database.close();
}
