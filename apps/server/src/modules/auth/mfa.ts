import { createHash, randomInt } from 'node:crypto';
import { generate, generateSecret, generateURI, verify } from 'otplib';

const PERIOD_SECONDS = 30;
// One step either side tolerates a phone clock up to 30 s off (RFC 6238 §5.2).
const TOLERANCE_SECONDS = 30;

export function createTotpSecret(): string {
  return generateSecret();
}

export async function describeTotpSecret(options: { secret: string; email: string }) {
  const otpauthUrl = generateURI({ issuer: 'Mohar', label: options.email, secret: options.secret });
  // Loaded when someone sets up MFA, not at start.
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret: options.secret, otpauthUrl, qrSvg };
}

/** The time step a valid code belongs to (for replay protection), or null. */
export async function matchTotp(options: {
  secret: string;
  code: string;
  now?: number;
}): Promise<number | null> {
  if (!/^\d{6}$/.test(options.code)) return null;
  const epoch = Math.floor((options.now ?? Date.now()) / 1000);
  const result = await verify({
    secret: options.secret,
    token: options.code,
    epoch,
    epochTolerance: TOLERANCE_SECONDS,
  });
  if (!result.valid) return null;
  return Math.floor(epoch / PERIOD_SECONDS) + result.delta;
}

/** For tests and demo tooling: the current code for a secret. */
export function currentTotp(secret: string, now = Date.now()): Promise<string> {
  return generate({ secret, epoch: Math.floor(now / 1000) });
}

// No 0/o, 1/l/i: codes are read off paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 10 codes like `k7m2q-x9d4p` (about 50 bits each): shown once, stored only as hashes. */
export function createRecoveryCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    let code = '';
    for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

export function normaliseRecoveryCode(code: string): string {
  const compact = code.trim().toLowerCase().replace(/-/g, '');
  return `${compact.slice(0, 5)}-${compact.slice(5)}`;
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
}
