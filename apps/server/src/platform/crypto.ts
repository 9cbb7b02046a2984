import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A 256-bit random token for links and cookies (base64url, 43 characters). */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as SHA-256: they are already 256-bit random, so a slow hash adds nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export type Encryptor = {
  encrypt: (plain: string) => string;
  /** Opens a value sealed with the current key, or with the previous one during a rotation. */
  decrypt: (sealed: string) => string;
  /** The value sealed with the current key, or null when it already is (key rotation, idempotent). */
  reseal: (sealed: string) => string | null;
};

function sealValue(key: Buffer, plain: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plaintext, or null when `key` does not open the value. */
function openValue(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined)
    throw new Error('unknown encrypted value format');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/**
 * AES-256-GCM with a random 96-bit IV per value; the stored form is `v1.<iv>.<tag>.<ciphertext>` in base64url.
 * Writes with `key`; reads with `key`, then `previous` (ENCRYPTION_KEY_PREVIOUS) while a rotation is under way.
 */
export function createEncryptor(key: Buffer, previous?: Buffer): Encryptor {
  for (const k of previous ? [key, previous] : [key])
    if (k.length !== 32) throw new Error('encryption key must be 32 bytes');
  const open = (sealed: string) => {
    const current = openValue(key, sealed);
    if (current !== null) return { plain: current, isCurrent: true };
    const old = previous ? openValue(previous, sealed) : null;
    if (old !== null) return { plain: old, isCurrent: false };
    throw new Error('encrypted value does not open with ENCRYPTION_KEY or ENCRYPTION_KEY_PREVIOUS');
  };
  return {
    encrypt: (plain) => sealValue(key, plain),
    decrypt: (sealed) => open(sealed).plain,
    reseal(sealed) {
      const opened = open(sealed);
      return opened.isCurrent ? null : sealValue(key, opened.plain);
    },
  };
}

/**
 * The configured ENCRYPTION_KEY, or (outside production, where config requires one) a key generated once into
 * DATA_DIR/secrets so a laptop install needs no setup and keeps working across restarts.
 */
export async function loadEncryptionKey(options: {
  configured: string | undefined;
  dataDir: string;
}): Promise<Buffer> {
  if (options.configured) return Buffer.from(options.configured, 'base64');
  const file = path.join(options.dataDir, 'secrets', 'encryption.key');
  try {
    const existing = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    if (existing.length === 32) return existing;
  } catch {
    // Not created yet.
  }
  const key = randomBytes(32);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' }).catch(
    async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    },
  );
  await chmod(file, 0o600);
  return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
}

/** ENCRYPTION_KEY (or the generated one) and, during a rotation, ENCRYPTION_KEY_PREVIOUS. */
export async function loadEncryptionKeys(options: {
  configured: string | undefined;
  configuredPrevious: string | undefined;
  dataDir: string;
}): Promise<{ current: Buffer; previous?: Buffer }> {
  const current = await loadEncryptionKey(options);
  if (!options.configuredPrevious) return { current };
  return { current, previous: Buffer.from(options.configuredPrevious, 'base64') };
}
