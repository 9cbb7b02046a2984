import { readFile } from 'node:fs/promises';
import { type BlobStore, readBlob } from '../../platform/blob-store.ts';
import { pictureOnly } from '../../platform/image-check.ts';
import { notaryErrors } from './notaries.errors.ts';
import type { NotaryRow } from './notaries.repository.ts';
import * as repo from './notaries.repository.ts';
import type { NotariesCore } from './notaries-core.ts';
import { EDITABLE } from './notary-rules.ts';
import type { loadOrCreatePlatformCa } from './platform-ca.ts';
import type { CertificateSummary } from './signing-certificate.ts';

// node-forge, pkijs and asn1js (certificates) load with the first certificate work, not with the server: most
// requests never need them, and they cost ~5 MB of heap at idle (issue 20's memory goal).
const certificates = () => import('./signing-certificate.ts');

/** The notary's signing certificate (their own or one from the platform CA) and what sealing needs from it. */
export function createSigningCredentials(core: NotariesCore) {
  const { db, blobStore, config, encryptor, encryptionKey, encryptionKeyPrevious, now, toProfile, getRow } =
    core;
  // The CA is made (or read) on first use, so starting a server or a test app never waits for key generation.
  let platformCa: ReturnType<typeof loadOrCreatePlatformCa> | null = null;
  const getPlatformCa = () => {
    platformCa ??= (async () =>
      (await import('./platform-ca.ts')).loadOrCreatePlatformCa({
        dataDir: config.dataDir,
        encryptionKey,
        encryptionKeyPrevious,
        configured: config.platformCa
          ? { p12: await readFile(config.platformCa.p12Path), passphrase: config.platformCa.passphrase }
          : undefined,
      }))();
    platformCa.catch(() => {
      platformCa = null;
    });
    return platformCa;
  };

  /** Keeps a checked signing certificate: the P12 encrypted in the blob store, its passphrase encrypted here. */
  async function storeSigningCertificate(options: {
    row: NotaryRow;
    p12: Buffer;
    passphrase: string;
    summary: CertificateSummary;
  }) {
    const { key } = await blobStore.put({ body: options.p12, prefix: 'notary-p12' });
    await repo.updateNotary(db, options.row.userId, {
      signingCertificate: {
        p12Key: key,
        passphraseEncrypted: encryptor.encrypt(options.passphrase),
        subjectCommonName: options.summary.subjectCommonName,
        notAfter: options.summary.notAfter.toISOString(),
        fingerprintSha256: options.summary.fingerprintSha256,
        isPlatformIssued: options.summary.isPlatformIssued,
        certificatePem: options.summary.certificatePem,
      },
    });
    const previous = options.row.signingCertificate;
    if (previous && previous.p12Key !== key) await blobStore.delete(previous.p12Key).catch(() => {});
  }

  return {
    /** A notary's own PKCS#12: parsed, checked (dates, key, usage) and kept; the reason for a refusal is shown. */
    async uploadSigningCertificate(options: { userId: string; p12: Buffer; passphrase: string }) {
      await repo.ensureNotaryRow(db, options.userId);
      const row = await getRow(options.userId);
      if (!EDITABLE.includes(row.status)) throw notaryErrors.locked(row.status);
      const ca = await getPlatformCa();
      let summary: CertificateSummary;
      try {
        summary = (await certificates()).inspectP12({
          p12: options.p12,
          passphrase: options.passphrase,
          now: now(),
          platformCaFingerprint: ca.fingerprintSha256,
        });
      } catch (error) {
        if (error instanceof (await certificates()).CertificateError)
          throw notaryErrors.certificateInvalid(error.message);
        throw error;
      }
      await storeSigningCertificate({ row, p12: options.p12, passphrase: options.passphrase, summary });
      return toProfile(await getRow(options.userId));
    },

    /** A certificate from the platform CA with the notary's name and registration number (labelled as such). */
    async issuePlatformCertificate(userId: string) {
      await repo.ensureNotaryRow(db, userId);
      const row = await getRow(userId);
      if (!EDITABLE.includes(row.status)) throw notaryErrors.locked(row.status);
      if (!row.fullName || !row.registrationNumber)
        throw notaryErrors.incomplete(['full name and registration number']);
      const ca = await getPlatformCa();
      const issued = await ca.issue({
        name: row.fullName,
        registrationNumber: row.registrationNumber,
        email: row.email,
      });
      await storeSigningCertificate({
        row,
        p12: issued.p12,
        passphrase: issued.passphrase,
        summary: issued.summary,
      });
      return toProfile(await getRow(userId));
    },

    /** A signature by the platform key, with the certificate that checks it (the recording manifest, issue 24). */
    async signAsPlatform(data: Buffer) {
      const ca = await getPlatformCa();
      return { signature: ca.sign(data), certificatePem: ca.certificatePem };
    },

    /** The platform CA's certificate, for anyone checking a platform-issued signature. */
    async getPlatformCaCertificate() {
      return (await getPlatformCa()).certificatePem;
    },

    /**
     * What sealing needs from a verified notary (issue 10): the signing key and certificate from onboarding (with
     * the issuers to include in the signature), the seal image and the signature specimen, the register details.
     */
    async sealingMaterial(userId: string) {
      const row = await getRow(userId);
      const certificate = row.signingCertificate;
      const seal = row.documents.seal;
      const signature = row.documents.signature;
      if (row.status !== 'verified' || !certificate || !seal || !signature)
        throw new Error('The notary has no complete, verified profile to seal with.');
      const {
        privateKey,
        certificate: x509,
        chain,
      } = (await certificates()).openP12({
        p12: await readBlob(blobStore, certificate.p12Key),
        passphrase: encryptor.decrypt(certificate.passphraseEncrypted),
      });
      const chainPems = chain.map((c) => c.toString());
      if (certificate.isPlatformIssued && chainPems.length === 0)
        chainPems.push((await getPlatformCa()).certificatePem);
      const commonName = (dn: string) => /(?:^|\n)CN=([^\n]+)/.exec(dn)?.[1] ?? dn;
      return {
        signer: { certificatePem: x509.toString(), privateKey, chainPems },
        certificate: {
          signerName: commonName(x509.subject),
          issuer: commonName(x509.issuer),
          isPlatformIssued: certificate.isPlatformIssued,
          serialNumber: x509.serialNumber.toLowerCase(),
        },
        // Embedded in every notarised PDF: an image stored before uploads were re-encoded loses its metadata here.
        sealPng: await pictureFromStore(blobStore, seal.key),
        sealContentType: seal.contentType,
        signaturePng: await pictureFromStore(blobStore, signature.key),
        signatureContentType: signature.contentType,
        fullName: row.fullName ?? '',
        registrationNumber: row.registrationNumber ?? '',
        areaOfPractice: row.areaOfPractice ?? '',
        appointingGovernment: row.appointingGovernment ?? '',
        officeAddress: row.officeAddress ?? '',
      };
    },
  };
}

/** A stored image without metadata (as stored, unless it came before uploads were re-encoded). */
async function pictureFromStore(blobStore: BlobStore, key: string): Promise<Buffer> {
  const stored = await readBlob(blobStore, key);
  return (await pictureOnly(stored)) ?? stored;
}
