import type { KeyObject } from 'node:crypto';
import { PDFDocument, PDFHeader } from '@cantoo/pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { createDetachedSignedData, pemToDer, type SignerKey } from './cms.ts';
import { findLastSignature } from './pades-verify.ts';
import { addSignaturePlaceholder } from './signature-placeholder.ts';
import { requestTimestampToken } from './tsa.ts';

export type PdfSigner = {
  certificatePem: string;
  /** RSA (≥ 2048 bits, PKCS#1 v1.5) or EC P-256; must be the key of `certificatePem`. */
  privateKey: KeyObject;
  /** Issuer certificates to embed, e.g. the platform CA, so validators can build the chain offline. */
  chainPems?: string[];
};

export type SignPdfOptions = {
  /** A finished PDF: the whole file is rewritten to sign it, so nothing may change it after signing. */
  pdf: Uint8Array;
  signer: PdfSigner;
  name: string;
  reason: string;
  location: string;
  contactInfo?: string;
  /** The signing time claimed in the signature dictionary (/M); defaults to now. */
  signingTime?: Date;
  /** An RFC 3161 timestamp authority: with it the signature is PAdES B-T, without it B-B. */
  tsaUrl?: string;
  /** Told when the timestamp is asked for (the people waiting see the stage). */
  onTimestamp?: () => void;
};

// CMS bytes beyond the embedded certificates: SignerInfo, signed attributes and a signature of up to 4096 bits
// come to about 1.5 KB with long names (measured: 734 bytes for RSA-2048, 396 for P-256).
const CMS_OVERHEAD_BYTES = 4096;
// A timestamp token with its TSA certificate chain: 1.5–7 KB from public TSAs.
const TIMESTAMP_RESERVE_BYTES = 16_384;

/**
 * Signs a PDF as PAdES baseline B-B (B-T with `tsaUrl`): ETSI.CAdES.detached sub-filter, a CMS with ESS
 * signing-certificate-v2 and no signingTime attribute, one signature covering the whole file. Rejects a PDF that is
 * already signed: the whole file is rewritten, which would silently invalidate the earlier signature.
 * A TSA failure rejects with the TSA's error; sealing without a timestamp is the caller's decision.
 */
export async function signPdf(options: SignPdfOptions): Promise<Buffer> {
  if (findLastSignature(options.pdf)) {
    throw new Error('This PDF is already signed; signing it again would invalidate the existing signature.');
  }
  const signerKey: SignerKey = {
    certificateDer: pemToDer(options.signer.certificatePem),
    privateKey: options.signer.privateKey,
    chainDer: (options.signer.chainPems ?? []).map(pemToDer),
  };
  const certificateBytes = [signerKey.certificateDer, ...signerKey.chainDer].reduce(
    (n, der) => n + der.length,
    0,
  );
  const cmsBytes = certificateBytes + CMS_OVERHEAD_BYTES + (options.tsaUrl ? TIMESTAMP_RESERVE_BYTES : 0);

  const pdfDoc = await PDFDocument.load(options.pdf, { updateMetadata: false });
  addSignaturePlaceholder({
    pdfDoc,
    name: options.name,
    reason: options.reason,
    location: options.location,
    contactInfo: options.contactInfo ?? '',
    signingTime: options.signingTime ?? new Date(),
    // Counted in hex digits of the /Contents string, two per CMS byte; an odd count would shift the ByteRange.
    signatureLength: 2 * cmsBytes,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: 'Mohar',
  });
  claimAtLeastPdf17(pdfDoc);
  const withPlaceholder = Buffer.from(await pdfDoc.save({ useObjectStreams: false }));
  const signer = new CadesDetachedSigner({
    signer: signerKey,
    tsaUrl: options.tsaUrl,
    onTimestamp: options.onTimestamp,
  });
  return new SignPdf().sign(withPlaceholder, signer);
}

/**
 * A sealed document uses features of PDF 1.4 and later (transparent images, a CAdES signature field), so its header
 * says at least 1.7. pdf-lib 1.17 always wrote 1.7; @cantoo/pdf-lib keeps the header of the file it loaded.
 */
function claimAtLeastPdf17(pdfDoc: PDFDocument): void {
  const [major = 0, minor = 0] = pdfDoc.context.header.getVersionString().split('.').map(Number);
  if (major === 1 && minor < 7) pdfDoc.context.header = PDFHeader.forVersion(1, 7);
}

/** @signpdf's extension point: receives the bytes the ByteRange covers and returns the DER CMS for /Contents. */
class CadesDetachedSigner extends Signer {
  readonly #signer: SignerKey;
  readonly #tsaUrl: string | undefined;
  readonly #onTimestamp: (() => void) | undefined;

  constructor(options: { signer: SignerKey; tsaUrl: string | undefined; onTimestamp?: () => void }) {
    super();
    this.#signer = options.signer;
    this.#tsaUrl = options.tsaUrl;
    this.#onTimestamp = options.onTimestamp;
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    const tsaUrl = this.#tsaUrl;
    return createDetachedSignedData({
      content: pdfBuffer,
      signer: this.#signer,
      ...(tsaUrl
        ? {
            timestamp: (signatureValue: Buffer) => {
              this.#onTimestamp?.();
              return requestTimestampToken({ url: tsaUrl, signatureValue });
            },
          }
        : {}),
    });
  }
}
