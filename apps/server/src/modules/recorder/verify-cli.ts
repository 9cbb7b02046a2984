/**
 * `npm run recording:verify <manifest.json>`: checks a recording export (the manifest and its parts side by side)
 * without the server or its database: every part's SHA-256, the hash chain, and the platform's signature. Prints the
 * signing certificate's fingerprint, to compare with the platform CA published at /api/v1/notaries/platform-ca.pem.
 * Exits 1 at the first changed byte anywhere.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Manifest, verifyManifest } from './manifest.ts';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run recording:verify <manifest.json>');
  process.exit(2);
}
const dir = path.dirname(path.resolve(file));
let manifest: Manifest;
try {
  manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
} catch (error) {
  console.error(`Cannot read ${file}: ${(error as Error).message}`);
  process.exit(1);
}
const { problems, fingerprintSha256 } = verifyManifest(manifest, (name) => {
  // Only files beside the manifest: a name cannot point elsewhere.
  const part = path.join(dir, path.basename(name));
  return existsSync(part) ? readFileSync(part) : null;
});
if (problems.length > 0) {
  console.error(`NOT VERIFIED: ${file}`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
const parts = manifest.entries.filter((entry) => entry.kind === 'part').length;
const gaps = manifest.entries.filter((entry) => entry.kind === 'gap');
console.log(`Verified: ${parts} parts and ${gaps.length} gaps of application ${manifest.applicationId}.`);
for (const gap of gaps) console.log(`  gap: ${gap.participant} from ${gap.from} to ${gap.to}`);
// The composed view is chained after the act's end: the hash the certificate prints is the entry before it.
const composed = manifest.entries.find((entry) => entry.kind === 'composed');
if (composed)
  console.log(
    `Composed view ${composed.file} (${composed.from} to ${composed.to}) verified; the act's hash before it, as on the certificate: ${composed.prev}`,
  );
console.log(`Final hash: ${manifest.finalHash}`);
console.log(`Signed ${manifest.signedAt} by the certificate with SHA-256 fingerprint ${fingerprintSha256}.`);
