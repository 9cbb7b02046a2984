import { constants, createPublicKey, type KeyObject, verify } from 'node:crypto';
import { gunzipSync } from 'node:zlib';

/**
 * UIDAI's Secure QR (printed on every Aadhaar letter, e-Aadhaar and PVC card), read offline:
 * a decimal big integer → bytes → gzip → [fields split on 0xFF][photo][e-mail hash?][mobile hash?][signature].
 * The last 256 bytes are an RSA-2048 PKCS#1 v1.5 signature over SHA-256 of everything before them.
 * Only the last 4 digits of the Aadhaar number ever leave this file (from the reference id).
 */

export type SecureQrOutcome = 'verified' | 'signature_invalid' | 'unreadable' | 'mismatched';

export interface TrustedKey {
  name: string;
  key: KeyObject;
}

export interface SecureQrData {
  version: 'V1' | 'V2';
  name: string;
  /** YYYY-MM-DD; or only the year (YYYY) when the card carries only a year of birth. */
  dateOfBirth: string;
  gender: 'M' | 'F' | 'T' | string;
  aadhaarLast4: string;
  /** The address on the card as one line ("12, Karve Road, Kothrud, Pune, Maharashtra 411038"), or null when empty. */
  address: string | null;
  /** The photo as UIDAI stores it (JPEG 2000), or null when the payload has none. */
  photo: Buffer | null;
}

export type SecureQrResult =
  | { outcome: 'unreadable'; problem: string }
  | { outcome: 'signature_invalid'; data: SecureQrData | null }
  | {
      outcome: 'verified' | 'mismatched';
      data: SecureQrData;
      keyName: string;
      mismatches: Array<'name' | 'date_of_birth'>;
    };

const SIGNATURE_BYTES = 256;
const HASH_BYTES = 32;
/** A Secure QR holds at most a few thousand digits; anything far larger is not one. */
const MAX_DIGITS = 10_000;
/** Decompressed payloads are a few kilobytes (the photo is small): cap it so a gzip bomb cannot exhaust memory. */
const MAX_DECOMPRESSED = 256 * 1024;
const DELIMITER = 0xff;
/** Text fields before the photo: V1 has 16, V2 adds the version marker first and the mobile's last 4 digits at the end. */
const TEXT_FIELDS = { V1: 16, V2: 18 } as const;

/** Parses the pinned keys file (`{ keys: [{ name, spki }] }`, SubjectPublicKeyInfo in base64 DER). */
export function trustedKeysFrom(json: unknown): TrustedKey[] {
  const keys = (json as { keys?: Array<{ name?: unknown; spki?: unknown }> }).keys;
  if (!Array.isArray(keys)) throw new Error('The Secure QR keys file has no "keys" list');
  return keys.map((entry, index) => {
    if (typeof entry.name !== 'string' || typeof entry.spki !== 'string')
      throw new Error(`Secure QR key ${index + 1} needs a name and an spki`);
    return {
      name: entry.name,
      key: createPublicKey({ key: Buffer.from(entry.spki, 'base64'), format: 'der', type: 'spki' }),
    };
  });
}

/** The QR's text (decimal digits) → the decompressed bytes, or a reason it is not a Secure QR. */
function decompress(text: string): Buffer | string {
  const digits = text.trim();
  if (!/^\d+$/.test(digits)) return 'not a Secure QR: the code does not hold a number';
  if (digits.length > MAX_DIGITS) return 'not a Secure QR: the number is too long';
  let hex = BigInt(digits).toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  try {
    return gunzipSync(Buffer.from(hex, 'hex'), { maxOutputLength: MAX_DECOMPRESSED });
  } catch {
    return 'not a Secure QR: the content is not compressed as UIDAI compresses it';
  }
}

/**
 * The card's address fields (after gender: care of, district, landmark, house, location, PIN, post office, state,
 * street, sub-district, VTC) as one postal line, house first; a place named twice (VTC and district) once.
 */
function addressLine(fields: readonly string[]): string | null {
  const [, district, landmark, house, location, pin, , state, street, subDistrict, vtc] = fields.map((f) =>
    f.trim(),
  );
  const parts: string[] = [];
  for (const part of [house, street, landmark, location, vtc, subDistrict, district])
    if (part && !parts.some((p) => p.toLowerCase() === part.toLowerCase())) parts.push(part);
  const last = [state, pin].filter(Boolean).join(' ');
  if (last) parts.push(last);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** Splits the signed part into its text fields and the photo, following the e-mail/mobile indicator. */
function parseSigned(signed: Buffer): SecureQrData | null {
  const version = signed.subarray(0, 3).equals(Buffer.from([0x56, 0x32, DELIMITER])) ? 'V2' : 'V1';
  const fields: string[] = [];
  let start = 0;
  while (fields.length < TEXT_FIELDS[version]) {
    const end = signed.indexOf(DELIMITER, start);
    if (end === -1) return null;
    fields.push(signed.subarray(start, end).toString('latin1'));
    start = end + 1;
  }
  const text = version === 'V2' ? fields.slice(1) : fields;
  const [indicator, referenceId, name, dob, gender] = text;
  const hashes = { '0': 0, '1': 1, '2': 1, '3': 2 }[indicator ?? ''];
  if (hashes === undefined || !referenceId || !name || !dob || !gender) return null;
  const aadhaarLast4 = referenceId.slice(0, 4);
  const dateOfBirth = isoDate(dob);
  if (!/^\d{4}$/.test(aadhaarLast4) || !dateOfBirth) return null;
  const photoEnd = signed.length - hashes * HASH_BYTES;
  if (photoEnd < start) return null;
  return {
    version,
    name: name.trim(),
    dateOfBirth,
    gender,
    aadhaarLast4,
    address: addressLine(text.slice(5, 16)),
    photo: photoEnd > start ? signed.subarray(start, photoEnd) : null,
  };
}

/** DD-MM-YYYY or DD/MM/YYYY → YYYY-MM-DD; a lone year stays a year. */
function isoDate(value: string): string | null {
  const year = /^(\d{4})$/.exec(value.trim());
  if (year) return year[1] ?? null;
  const full = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(value.trim());
  if (!full) return null;
  const [, day, month, y] = full;
  const date = new Date(`${y}-${month}-${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(day) ? null : `${y}-${month}-${day}`;
}

/** Name tokens in capitals without punctuation or honorifics ("Smt. Asha R. Kulkarni" → ASHA R KULKARNI). */
function nameTokens(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z\s]/g, ' ')
    .split(/\s+/)
    .filter((token) => token && !['MR', 'MRS', 'MS', 'SHRI', 'SMT', 'KUM', 'DR', 'MISS'].includes(token));
}

/**
 * Whether two names are the same person's, tolerant of order ("KULKARNI ASHA"), initials ("A. Kulkarni") and an initial
 * present on one side only ("Asha R Kulkarni"): every full word must be matched by the same word or its initial on the
 * other side, and initials left on both sides must agree.
 */
export function namesMatch(a: string, b: string): boolean {
  const left = nameTokens(a);
  const right = nameTokens(b);
  if (left.length === 0 || right.length === 0) return false;
  const take = (pool: string[], token: string) => {
    const at = pool.indexOf(token);
    if (at !== -1) pool.splice(at, 1);
    return at !== -1;
  };
  for (const token of [...left]) {
    if (take(right, token)) take(left, token);
  }
  for (const [side, other] of [
    [left, right],
    [right, left],
  ] as const) {
    for (const token of side.filter((t) => t.length > 1)) {
      if (!take(other, token[0] ?? '')) return false;
      take(side, token);
    }
  }
  // Only initials remain: one side may carry an initial the other leaves out, but not two that differ.
  return left.length === 0 || right.length === 0;
}

/** Dates of birth agree; a card that carries only the year agrees with any date in that year. */
export function datesOfBirthMatch(fromQr: string, onRecord: string): boolean {
  return fromQr.length === 4 ? onRecord.startsWith(`${fromQr}-`) : fromQr === onRecord;
}

/**
 * Reads a Secure QR's text, checks its signature against the pinned keys and compares name and date of birth with the
 * signatory's record. Never throws on bad input: anything that is not a Secure QR is 'unreadable'.
 */
export function verifySecureQr(
  text: string,
  options: { trustedKeys: readonly TrustedKey[]; expected: { name: string; dateOfBirth: string } },
): SecureQrResult {
  const bytes = decompress(text);
  if (typeof bytes === 'string') return { outcome: 'unreadable', problem: bytes };
  if (bytes.length <= SIGNATURE_BYTES)
    return { outcome: 'unreadable', problem: 'not a Secure QR: too short' };
  const signed = bytes.subarray(0, bytes.length - SIGNATURE_BYTES);
  const signature = bytes.subarray(bytes.length - SIGNATURE_BYTES);
  const data = parseSigned(signed);
  const signer = options.trustedKeys.find(({ key }) =>
    verify('sha256', signed, { key, padding: constants.RSA_PKCS1_PADDING }, signature),
  );
  if (!signer) return { outcome: 'signature_invalid', data };
  if (!data)
    return {
      outcome: 'unreadable',
      problem: 'signed, but its fields are not laid out as UIDAI lays them out',
    };
  const mismatches: Array<'name' | 'date_of_birth'> = [];
  if (!namesMatch(data.name, options.expected.name)) mismatches.push('name');
  if (!datesOfBirthMatch(data.dateOfBirth, options.expected.dateOfBirth)) mismatches.push('date_of_birth');
  return { outcome: mismatches.length ? 'mismatched' : 'verified', data, keyName: signer.name, mismatches };
}
