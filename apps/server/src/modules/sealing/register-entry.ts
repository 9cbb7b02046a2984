/**
 * What the sealing transaction writes into the notary's register (Form XV). Column 4 is the executants' names and
 * full postal addresses (as each gave it in the portal); columns 10 and 11 refer to the evidence of each signature:
 * the executant's e-signature record and the notary's digital signature (certificate serial) and seal (verification
 * code), so an entry leads back to the signed PDF and its audit trail.
 */
import { formatIstMinute } from './format.ts';

type Party = { id: string; fullName: string; role: string; address: string | null };
type SignatureRecord = { signatoryId: string; method: string; imageSha256: string; createdAt: Date };

const METHOD: Record<string, string> = { drawn: 'drawn', typed: 'typed', uploaded: 'uploaded image' };
const NO_ADDRESS = 'address not recorded';

/** Executants (deponents for an affidavit) sign the register; with none marked, everyone who signed. */
export function executantsOf<T extends Party>(signatories: readonly T[]): T[] {
  const executants = signatories.filter((s) => s.role === 'executant');
  return executants.length > 0 ? executants : [...signatories];
}

export function executantColumns(signatories: readonly Party[]) {
  const executants = executantsOf(signatories);
  const address = (p: Party) => p.address?.trim() || NO_ADDRESS;
  return {
    executantName: executants.map((p) => p.fullName).join('; '),
    executantAddress:
      executants.length === 1 && executants[0]
        ? address(executants[0])
        : executants.map((p) => `${p.fullName}: ${address(p)}`).join('; '),
  };
}

/** "Asha Verma: e-signature (drawn) 23 Nov 2026 14:05 IST, image SHA-256 1a2b…(16)"; one per executant. */
export function executantSignatureRef(
  signatories: readonly Party[],
  records: readonly SignatureRecord[],
): string {
  const byId = new Map(records.map((r) => [r.signatoryId, r]));
  return executantsOf(signatories)
    .map((p) => {
      const record = byId.get(p.id);
      if (!record) return `${p.fullName}: no signature recorded`;
      return `${p.fullName}: e-signature (${METHOD[record.method] ?? record.method}) ${formatIstMinute(record.createdAt).replace(/\u00A0/g, ' ')}, image SHA-256 ${record.imageSha256.slice(0, 16)}`;
    })
    .join('; ');
}

export function notarySignatureRef(options: {
  notaryName: string;
  certificateSerial: string;
  issuer: string;
  verificationCode: string;
}): string {
  return `${options.notaryName}: PAdES digital signature, certificate serial ${options.certificateSerial} (issued by ${options.issuer}); seal and signature on the certificate, verification code ${options.verificationCode}`;
}
