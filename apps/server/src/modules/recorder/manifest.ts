import { createHash, verify, X509Certificate } from 'node:crypto';

/**
 * The recording manifest (issue 24): what the server recorder stored, as a hash chain signed with the platform key.
 * Pure functions, shared by the recorder and `npm run recording:verify` (which anyone can run on an export).
 */
export const MANIFEST_FORMAT = 'mohar-recording-manifest/1';
/** The chain's first `prev`. */
export const CHAIN_START = '0'.repeat(64);

export type ManifestEntry = {
  seq: number;
  /**
   * `composed`: the composed view made after the act (decision 0084), chained after the seal-time head, so the hash
   * on the certificate stays the head of a prefix of this chain (the composed entry's `prev`).
   */
  kind: 'part' | 'gap' | 'composed';
  participant: string;
  take: number | null;
  part: number | null;
  /** Parts: the file's name in an export, next to the manifest. */
  file: string | null;
  sha256: string | null;
  sizeBytes: number | null;
  from: string;
  to: string;
  prev: string;
  hash: string;
};

export type Manifest = {
  format: typeof MANIFEST_FORMAT;
  applicationId: string;
  signedAt: string;
  entries: ManifestEntry[];
  /** The last entry's hash (the chain's head): the one value a certificate needs to cite. */
  finalHash: string;
  /** Base64 RSA-SHA256 over `signedPayload`, by the platform key. */
  signature: string;
  certificatePem: string;
};

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** An entry's hash: its fields in a fixed order, after the previous hash (the file name is not part of it). */
export function entryHash(entry: Omit<ManifestEntry, 'hash' | 'file'>): string {
  const fields = [
    entry.seq,
    entry.kind,
    entry.participant,
    entry.take,
    entry.part,
    entry.sha256,
    entry.sizeBytes,
    entry.from,
    entry.to,
  ];
  return sha256Hex(`${entry.prev}\n${JSON.stringify(fields)}`);
}

export const partFileName = (entry: { participant: string; take: number | null; part: number | null }) =>
  `${entry.participant.replace(/[^a-z0-9-]/gi, '_')}.take${entry.take}.part${entry.part}.webm`;

/** The composed view's file in an export. */
export const COMPOSED_FILE = 'composed.webm';
/** The composed entry's `participant`: the platform made it, nobody's media. */
export const COMPOSER_PARTICIPANT = 'composer';

/** An entry's file in an export: a part's, or the composed view's; gaps have none. */
export const entryFileName = (entry: {
  kind: string;
  participant: string;
  take: number | null;
  part: number | null;
}) => (entry.kind === 'part' ? partFileName(entry) : entry.kind === 'composed' ? COMPOSED_FILE : null);

export const signedPayload = (manifest: Pick<Manifest, 'applicationId' | 'signedAt' | 'finalHash'>) =>
  Buffer.from(`${MANIFEST_FORMAT}\n${manifest.applicationId}\n${manifest.signedAt}\n${manifest.finalHash}`);

/** Every problem found: a broken link, a changed entry, a wrong head or signature, a part whose bytes differ. */
export function verifyManifest(
  manifest: Manifest,
  readPart: (file: string) => Buffer | null,
): { problems: string[]; fingerprintSha256: string | null } {
  const problems: string[] = [];
  if (!Array.isArray(manifest?.entries) || typeof manifest.certificatePem !== 'string')
    return { problems: ['this is not a recording manifest'], fingerprintSha256: null };
  if (manifest.format !== MANIFEST_FORMAT) problems.push(`unknown format ${String(manifest.format)}`);
  let prev = CHAIN_START;
  manifest.entries.forEach((entry, index) => {
    if (entry.seq !== index) problems.push(`entry ${index}: out of order (seq ${entry.seq})`);
    if (entry.prev !== prev) problems.push(`entry ${index}: does not follow the previous entry`);
    if (entryHash(entry) !== entry.hash) problems.push(`entry ${index}: changed after it was chained`);
    prev = entry.hash;
    if (entry.kind !== 'part' && entry.kind !== 'composed') return;
    const bytes = entry.file ? readPart(entry.file) : null;
    if (!bytes) problems.push(`entry ${index}: part ${entry.file} is missing`);
    else if (sha256Hex(bytes) !== entry.sha256 || bytes.length !== entry.sizeBytes)
      problems.push(`entry ${index}: part ${entry.file} does not match its hash`);
  });
  if (manifest.finalHash !== prev) problems.push('the final hash is not the last entry’s');
  let fingerprintSha256: string | null = null;
  try {
    const certificate = new X509Certificate(manifest.certificatePem);
    fingerprintSha256 = certificate.fingerprint256.replaceAll(':', '').toLowerCase();
    const isSigned = verify(
      'sha256',
      signedPayload(manifest),
      certificate.publicKey,
      Buffer.from(manifest.signature, 'base64'),
    );
    if (!isSigned) problems.push('the signature does not match the manifest');
  } catch (error) {
    problems.push(`the signature cannot be checked: ${(error as Error).message}`);
  }
  return { problems, fingerprintSha256 };
}
