import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { keyChecks } from '../db/schema.ts';
import { createEncryptor } from './crypto.ts';

const RECORD_ID = 'encryption-key';
const PLAINTEXT = 'mohar encryption key check v1';

export class KeyCheckError extends Error {
  constructor() {
    super(
      'ENCRYPTION_KEY does not open the data this server stored before (the key-check record in the database was sealed ' +
        'with another key). Start with the key the data was stored with; to change keys, set the old key as ' +
        'ENCRYPTION_KEY_PREVIOUS and run `npm run keys:rotate`.',
    );
    this.name = 'KeyCheckError';
  }
}

function opens(key: Buffer, sealed: string) {
  try {
    return createEncryptor(key).decrypt(sealed) === PLAINTEXT;
  } catch {
    return false;
  }
}

/**
 * Run at start: the key-check record must open with ENCRYPTION_KEY (or, during a rotation, ENCRYPTION_KEY_PREVIOUS);
 * otherwise KeyCheckError, and the server does not start. The first start seals the record with the current key.
 * `previous` means a rotation is due (`npm run keys:rotate`).
 */
export async function checkEncryptionKey(
  db: DbOrTx,
  keys: { current: Buffer; previous?: Buffer },
  options: {
    /** Before the first record is sealed (an install from before this check): does the data already stored open? */
    existingDataOpens?: () => Promise<boolean>;
  } = {},
): Promise<'created' | 'current' | 'previous'> {
  const read = async () => (await db.select().from(keyChecks).where(eq(keyChecks.id, RECORD_ID)))[0];
  let row = await read();
  if (!row) {
    if (options.existingDataOpens && !(await options.existingDataOpens())) throw new KeyCheckError();
    const sealed = createEncryptor(keys.current).encrypt(PLAINTEXT);
    const created = await db
      .insert(keyChecks)
      .values({ id: RECORD_ID, sealed })
      .onConflictDoNothing()
      .returning();
    if (created.length > 0) return 'created';
    // Another process sealed it at the same moment: check against theirs.
    row = await read();
  }
  if (row && opens(keys.current, row.sealed)) return 'current';
  if (row && keys.previous && opens(keys.previous, row.sealed)) return 'previous';
  throw new KeyCheckError();
}

/** After a rotation: the record is sealed with the new key, so the old one is no longer accepted at start. */
export async function sealKeyCheck(db: DbOrTx, key: Buffer) {
  const sealed = createEncryptor(key).encrypt(PLAINTEXT);
  await db
    .insert(keyChecks)
    .values({ id: RECORD_ID, sealed })
    .onConflictDoUpdate({ target: keyChecks.id, set: { sealed, updatedAt: new Date() } });
}
