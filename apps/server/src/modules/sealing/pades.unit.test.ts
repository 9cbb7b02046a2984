import { spawnSync } from 'node:child_process';
import { createHash, KeyObject, randomBytes, type webcrypto, X509Certificate } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName, StandardFonts } from '@cantoo/pdf-lib';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreatePlatformCa } from '../notaries/platform-ca.ts';
import { openP12 } from '../notaries/signing-certificate.ts';
import { type PdfSigner, signPdf } from './pades.ts';
import { inspectPdfSignature } from './pades-verify.ts';

const OID_SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';
const OID_SIGNING_TIME = '1.2.840.113549.1.9.5';
const OID_TIMESTAMP_TOKEN = '1.2.840.113549.1.9.16.2.14';
const OID_TST_INFO = '1.2.840.113549.1.9.16.1.4';
const OID_TIME_STAMPING = '1.3.6.1.5.5.7.3.8';
const SIGN_OPTIONS = { name: 'Asha Verma', reason: 'Notarised on Mohar', location: 'Pune, India' };

type TestIdentity = { certificate: pkijs.Certificate; cryptoKey: webcrypto.CryptoKey; pem: string };

let workDir: string;
let nssDir: string;
let rsaSigner: PdfSigner;
let platformCaPem: string;
let testCa: TestIdentity;
let ecSigner: PdfSigner;
let tsa: FakeTsa;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'mohar-pades-'));
  const platformCa = await loadOrCreatePlatformCa({ dataDir: workDir, encryptionKey: randomBytes(32) });
  platformCaPem = platformCa.certificatePem;
  const issued = await platformCa.issue({
    name: 'Asha Verma',
    registrationNumber: 'MH/NOT/2024/0117',
    email: 'asha.verma@example.in',
  });
  const notary = openP12({ p12: issued.p12, passphrase: issued.passphrase });
  rsaSigner = {
    certificatePem: notary.certificate.toString(),
    privateKey: notary.privateKey,
    chainPems: [platformCaPem],
  };

  testCa = await createIdentity({ commonName: 'Mohar Test EC CA', isCa: true });
  const ecNotary = await createIdentity({ commonName: 'Ravi Kulkarni (EC)', issuer: testCa });
  ecSigner = {
    certificatePem: ecNotary.pem,
    privateKey: KeyObject.from(ecNotary.cryptoKey),
    chainPems: [testCa.pem],
  };
  const tsaIdentity = await createIdentity({
    commonName: 'Mohar Test TSA',
    issuer: testCa,
    extendedKeyUsage: [OID_TIME_STAMPING],
  });
  tsa = await startFakeTsa(tsaIdentity);

  nssDir = path.join(workDir, 'nss');
  await writeFile(path.join(workDir, 'platform-ca.pem'), platformCaPem);
  await writeFile(path.join(workDir, 'test-ca.pem'), testCa.pem);
  run('mkdir', [nssDir]);
  run('certutil', ['-N', '-d', `sql:${nssDir}`, '--empty-password']);
  for (const [nickname, file] of [
    ['platform-ca', 'platform-ca.pem'],
    ['test-ca', 'test-ca.pem'],
  ] as const) {
    run('certutil', [
      '-A',
      '-n',
      nickname,
      '-t',
      'CT,C,C',
      '-i',
      path.join(workDir, file),
      '-d',
      `sql:${nssDir}`,
    ]);
  }
});

afterAll(async () => {
  await tsa?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('signPdf', () => {
  it('produces a PAdES signature that pdfsig validates over the whole document', async () => {
    const signed = await signPdf({ pdf: await makePdf(2), signer: rsaSigner, ...SIGN_OPTIONS });
    const file = await writeTemp('signed-rsa.pdf', signed);

    const output = pdfsig(file);
    expect(output).toContain('Signature is Valid');
    expect(output).toContain('Total document signed');
    expect(output).toContain('ETSI.CAdES.detached');
    expect(pdfsig(file, nssDir)).toContain('Certificate is Trusted');
  });

  it('a changed byte inside the signed range is a digest mismatch for pdfsig and for inspectPdfSignature', async () => {
    const signed = await signPdf({ pdf: await makePdf(2), signer: rsaSigner, ...SIGN_OPTIONS });
    // Offset 10 is inside pdf-lib's binary comment on the second line: the file still parses, the hash changes.
    signed[10] = signed[10]! ^ 0x01;
    const file = await writeTemp('tampered.pdf', signed);

    expect(pdfsig(file)).toContain('Digest Mismatch');
    const inspection = inspectPdfSignature(signed);
    expect(inspection).toMatchObject({ signed: true, coversWholeFile: true, digestMatches: false });
  });

  it('signs with ESS signing-certificate-v2 and without a signingTime attribute', async () => {
    const signed = await signPdf({ pdf: await makePdf(2), signer: rsaSigner, ...SIGN_OPTIONS });
    const signerInfo = readSignerInfo(signed);
    const types = signerInfo.signedAttrs?.attributes.map((a) => a.type);

    expect(types).toContain(OID_SIGNING_CERTIFICATE_V2);
    expect(types).not.toContain(OID_SIGNING_TIME);
    const essCertId = essCertIdOf(signerInfo);
    const certificateDer = new X509Certificate(rsaSigner.certificatePem).raw;
    // hashAlgorithm omitted means SHA-256, so certHash is the first field.
    expect(essCertId.valueBlock.value[0]).toBeInstanceOf(asn1js.OctetString);
    const certHash = Buffer.from(
      (essCertId.valueBlock.value[0] as asn1js.OctetString).valueBlock.valueHexView,
    );
    expect(certHash.toString('hex')).toBe(createHash('sha256').update(certificateDer).digest('hex'));
    expect(signerInfo.unsignedAttrs).toBeUndefined();
  });

  it('signs with an EC P-256 key', async () => {
    const signed = await signPdf({ pdf: await makePdf(2), signer: ecSigner, ...SIGN_OPTIONS });
    const file = await writeTemp('signed-ec.pdf', signed);

    expect(readSignerInfo(signed).signatureAlgorithm.algorithmId).toBe('1.2.840.10045.4.3.2');
    const output = pdfsig(file, nssDir);
    expect(output).toContain('Signature is Valid');
    expect(output).toContain('Certificate is Trusted');
    expect(inspectPdfSignature(signed)).toMatchObject({
      signed: true,
      coversWholeFile: true,
      digestMatches: true,
      signatureValid: true,
      certHashMatches: true,
    });
  });

  it('adds an RFC 3161 signature timestamp when a TSA is given', async () => {
    const signed = await signPdf({
      pdf: await makePdf(2),
      signer: rsaSigner,
      ...SIGN_OPTIONS,
      tsaUrl: tsa.url,
    });
    const file = await writeTemp('signed-tsa.pdf', signed);

    expect(pdfsig(file, nssDir)).toContain('Signature is Valid');
    const signerInfo = readSignerInfo(signed);
    const token = signerInfo.unsignedAttrs?.attributes.find((a) => a.type === OID_TIMESTAMP_TOKEN)?.values[0];
    expect(token).toBeDefined();
    // Checked with pkijs, independently of this module's reader: the token verifies and stamps this signature value.
    const signatureValue = Buffer.from(signerInfo.signature.valueBlock.valueHexView);
    const tokenInfo = pkijs.ContentInfo.fromBER(Buffer.from(token!.valueBeforeDecodeView));
    const tokenData = new pkijs.SignedData({ schema: tokenInfo.content });
    const data = signatureValue.buffer.slice(
      signatureValue.byteOffset,
      signatureValue.byteOffset + signatureValue.byteLength,
    );
    expect(await tokenData.verify({ signer: 0, data, checkChain: false })).toBe(true);
    const tstInfo = pkijs.TSTInfo.fromBER(tokenData.encapContentInfo.eContent!.getValue());

    const inspection = inspectPdfSignature(signed);
    expect(inspection).toMatchObject({
      signed: true,
      signatureValid: true,
      digestMatches: true,
      hasTimestamp: true,
    });
    expect(inspection.signed && inspection.timestampedAt).toBe(tstInfo.genTime.toISOString());
  });

  it.each([
    ['answers HTTP 500', 'http-error', /answered HTTP 500/],
    ['stamps another imprint', 'wrong-imprint', /timestamped something other than this signature/],
    ['answers garbage', 'garbage', /not a readable RFC 3161 timestamp/],
  ] as const)('rejects with a clear error when the TSA %s', async (_label, mode, message) => {
    tsa.mode = mode;
    try {
      await expect(
        signPdf({ pdf: await makePdf(1), signer: rsaSigner, ...SIGN_OPTIONS, tsaUrl: tsa.url }),
      ).rejects.toThrow(message);
    } finally {
      tsa.mode = 'ok';
    }
  });

  it('rejects with a clear error when the TSA cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));

    await expect(
      signPdf({
        pdf: await makePdf(1),
        signer: rsaSigner,
        ...SIGN_OPTIONS,
        tsaUrl: `http://127.0.0.1:${port}/`,
      }),
    ).rejects.toThrow(/could not be reached/);
  });

  it('refuses a key that does not belong to the certificate', async () => {
    await expect(
      signPdf({
        pdf: await makePdf(1),
        signer: { ...rsaSigner, privateKey: ecSigner.privateKey },
        ...SIGN_OPTIONS,
      }),
    ).rejects.toThrow(/private key does not belong to the signer certificate/);
  });

  it('a PDF that already has a form and a link keeps both, and its signature is valid', async () => {
    const doc = await PDFDocument.load(await makePdf(1));
    doc.getForm().createTextField('deponent.name').addToPage(doc.getPage(0), { x: 72, y: 600 });
    const link = doc.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [72, 500, 200, 520],
      Border: [0, 0, 0],
    });
    doc.getPage(0).node.addAnnot(doc.context.register(link));
    const signed = await signPdf({ pdf: await doc.save(), signer: rsaSigner, ...SIGN_OPTIONS });

    expect(pdfsig(await writeTemp('signed-form.pdf', signed))).toContain('Signature is Valid');
    const reloaded = await PDFDocument.load(signed);
    expect(
      reloaded
        .getForm()
        .getFields()
        .map((field) => field.getName()),
    ).toEqual(['deponent.name', 'Signature1']);
    const annotations = reloaded.getPage(0).node.Annots()?.asArray() ?? [];
    const subtypes = annotations.map((ref) =>
      reloaded.context.lookup(ref, PDFDict).get(PDFName.of('Subtype')),
    );
    expect(subtypes).toEqual([PDFName.of('Widget'), PDFName.of('Link'), PDFName.of('Widget')]);
  });

  it('a document with an older PDF header is sealed as PDF 1.7, the version its contents need', async () => {
    const pdf = Buffer.from(await makePdf(1));
    pdf.write('%PDF-1.3', 0, 'latin1');
    const signed = await signPdf({ pdf, signer: rsaSigner, ...SIGN_OPTIONS });

    expect(signed.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    expect(pdfsig(await writeTemp('signed-1.3.pdf', signed))).toContain('Signature is Valid');
  });

  it('refuses to sign a PDF that is already signed', async () => {
    const signed = await signPdf({ pdf: await makePdf(1), signer: rsaSigner, ...SIGN_OPTIONS });
    await expect(signPdf({ pdf: signed, signer: rsaSigner, ...SIGN_OPTIONS })).rejects.toThrow(
      /already signed/,
    );
  });

  it('signs a 20-page PDF quickly', async () => {
    const pdf = await makePdf(20);
    const started = performance.now();
    const signed = await signPdf({ pdf, signer: rsaSigner, ...SIGN_OPTIONS });
    // Measured on the 2-core dev machine (42 KB, 20 pages, RSA-2048, no timestamp): 77 ms cold, 9–37 ms warm.
    // Not asserted: CI machines vary.
    void (performance.now() - started);
    expect(inspectPdfSignature(signed)).toMatchObject({ digestMatches: true, signatureValid: true });
  });
});

describe('inspectPdfSignature', () => {
  it('reports every check passing for a file signed by signPdf', async () => {
    const signingTime = new Date('2025-03-14T09:26:53.000Z');
    const signed = await signPdf({ pdf: await makePdf(2), signer: rsaSigner, ...SIGN_OPTIONS, signingTime });

    expect(inspectPdfSignature(signed)).toEqual({
      signed: true,
      coversWholeFile: true,
      digestMatches: true,
      signatureValid: true,
      signerCertificatePem: rsaSigner.certificatePem,
      signerSubject: expect.stringContaining('CN=Asha Verma'),
      signerIssuer: expect.stringContaining('Mohar Platform CA'),
      signedAt: '2025-03-14T09:26:53.000Z',
      hasSigningCertificateV2: true,
      certHashMatches: true,
      hasTimestamp: false,
      timestampedAt: null,
      problem: null,
    });
  });

  it('an unsigned PDF, random bytes and an empty file are not signed', async () => {
    expect(inspectPdfSignature(await makePdf(2))).toEqual({ signed: false });
    expect(inspectPdfSignature(randomBytes(50_000))).toEqual({ signed: false });
    expect(inspectPdfSignature(new Uint8Array())).toEqual({ signed: false });
    expect(
      inspectPdfSignature(Buffer.from('%PDF-1.7\n/ByteRange [0 /********** /********** /**********]')),
    ).toEqual({
      signed: false,
    });
  });

  it('bytes appended after the signature (an incremental update) do not count as covered', async () => {
    const signed = await signPdf({ pdf: await makePdf(2), signer: rsaSigner, ...SIGN_OPTIONS });
    const appended = Buffer.concat([signed, Buffer.from('\n1 0 obj\n<< /Evil true >>\nendobj\n%%EOF\n')]);

    expect(inspectPdfSignature(appended)).toMatchObject({
      signed: true,
      coversWholeFile: false,
      digestMatches: true,
      signatureValid: true,
    });
  });

  it('a malformed CMS is reported, not thrown', async () => {
    const signed = await signPdf({ pdf: await makePdf(1), signer: rsaSigner, ...SIGN_OPTIONS });
    const text = signed.toString('latin1');
    const start = text.lastIndexOf('/Contents <') + '/Contents <'.length;
    const broken = Buffer.from(signed);
    broken.write('3082ffff0601', start, 'latin1');

    const inspection = inspectPdfSignature(broken);
    expect(inspection).toMatchObject({ signed: true, signatureValid: false, digestMatches: false });
    expect(inspection.signed && inspection.problem).toEqual(expect.any(String));
  });
});

// --- helpers ---

async function makePdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Affidavit page ${i} of ${pages}`, { x: 72, y: 770, size: 14, font });
    page.drawText('I, the deponent, solemnly affirm that the contents of this affidavit are true.', {
      x: 72,
      y: 740,
      size: 10,
      font,
    });
  }
  return doc.save({ useObjectStreams: false });
}

function readSignerInfo(signed: Buffer): pkijs.SignerInfo {
  const text = signed.toString('latin1');
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(
    text.slice(text.lastIndexOf('/ByteRange')),
  );
  if (!match) throw new Error('no ByteRange');
  const [offset1, length1, offset2] = match.slice(1, 5).map(Number) as [number, number, number];
  const hex = text.slice(offset1 + length1 + 1, offset2 - 1);
  const der = Buffer.from(hex, 'hex');
  const contentInfo = pkijs.ContentInfo.fromBER(der.subarray(0, derLength(der)));
  const signerInfo = new pkijs.SignedData({ schema: contentInfo.content }).signerInfos[0];
  if (!signerInfo) throw new Error('no SignerInfo');
  return signerInfo;
}

/** Total length of the DER element at the start of `der` (the /Contents string is zero-padded). */
function derLength(der: Buffer): number {
  const first = der[1]!;
  if (first < 0x80) return 2 + first;
  const count = first & 0x7f;
  return 2 + count + der.subarray(2, 2 + count).reduce((n, byte) => n * 256 + byte, 0);
}

function essCertIdOf(signerInfo: pkijs.SignerInfo): asn1js.Sequence {
  const value = signerInfo.signedAttrs?.attributes.find((a) => a.type === OID_SIGNING_CERTIFICATE_V2)
    ?.values[0];
  if (!(value instanceof asn1js.Sequence)) throw new Error('no SigningCertificateV2');
  const certs = value.valueBlock.value[0] as asn1js.Sequence;
  return certs.valueBlock.value[0] as asn1js.Sequence;
}

async function writeTemp(name: string, bytes: Uint8Array): Promise<string> {
  const file = path.join(workDir, name);
  await writeFile(file, bytes);
  return file;
}

function pdfsig(file: string, nssDirectory?: string): string {
  const args = nssDirectory ? ['-nssdir', `sql:${nssDirectory}`, file] : [file];
  const result = spawnSync('pdfsig', args, { encoding: 'utf8' });
  return `${result.stdout}${result.stderr}`;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
}

/** A P-256 certificate made with pkijs: a CA (self-signed when no issuer), a notary, or a TSA. */
async function createIdentity(options: {
  commonName: string;
  issuer?: TestIdentity;
  isCa?: boolean;
  extendedKeyUsage?: string[];
}): Promise<TestIdentity> {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ]);
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  const serial = randomBytes(12);
  serial[0] = (serial[0]! & 0x7f) | 0x01;
  certificate.serialNumber = new asn1js.Integer({ valueHex: serial });
  const name = new pkijs.RelativeDistinguishedNames({
    typesAndValues: [
      new pkijs.AttributeTypeAndValue({
        type: '2.5.4.3',
        value: new asn1js.Utf8String({ value: options.commonName }),
      }),
    ],
  });
  certificate.subject = name;
  certificate.issuer = options.issuer ? options.issuer.certificate.subject : name;
  certificate.notBefore.value = new Date(Date.now() - 60 * 60 * 1000);
  certificate.notAfter.value = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000);
  await certificate.subjectPublicKeyInfo.importKey(keys.publicKey);
  const isCa = options.isCa ?? false;
  // keyUsage bits: keyCertSign + cRLSign for a CA, digitalSignature + nonRepudiation otherwise.
  const keyUsage = new asn1js.BitString({
    valueHex: new Uint8Array([isCa ? 0x06 : 0xc0]).buffer,
    unusedBits: isCa ? 1 : 6,
  });
  certificate.extensions = [
    new pkijs.Extension({
      extnID: '2.5.29.19',
      critical: true,
      extnValue: new pkijs.BasicConstraints({ cA: isCa }).toSchema().toBER(),
    }),
    new pkijs.Extension({ extnID: '2.5.29.15', critical: true, extnValue: keyUsage.toBER() }),
    ...(options.extendedKeyUsage
      ? [
          new pkijs.Extension({
            extnID: '2.5.29.37',
            critical: true,
            extnValue: new pkijs.ExtKeyUsage({ keyPurposes: options.extendedKeyUsage }).toSchema().toBER(),
          }),
        ]
      : []),
  ];
  await certificate.sign(options.issuer?.cryptoKey ?? keys.privateKey, 'SHA-256');
  const pem = new X509Certificate(Buffer.from(certificate.toSchema().toBER())).toString();
  return { certificate, cryptoKey: keys.privateKey, pem };
}

type FakeTsaMode = 'ok' | 'http-error' | 'wrong-imprint' | 'garbage';
type FakeTsa = { url: string; mode: FakeTsaMode; close: () => Promise<void> };

/** An RFC 3161 responder on 127.0.0.1, built with pkijs alone so it checks this module's client independently. */
async function startFakeTsa(identity: TestIdentity): Promise<FakeTsa> {
  let serial = 1;
  const state: FakeTsa = { url: '', mode: 'ok', close: async () => {} };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void answer(Buffer.concat(chunks)).then(
        (body) => {
          if (state.mode === 'http-error') {
            response.writeHead(500).end();
            return;
          }
          response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(body);
        },
        () => response.writeHead(400).end(),
      );
    });
  });

  async function answer(body: Buffer): Promise<Buffer> {
    if (state.mode === 'garbage') return randomBytes(300);
    const timeStampRequest = pkijs.TimeStampReq.fromBER(body);
    const messageImprint =
      state.mode === 'wrong-imprint'
        ? new pkijs.MessageImprint({
            hashAlgorithm: timeStampRequest.messageImprint.hashAlgorithm,
            hashedMessage: new asn1js.OctetString({ valueHex: randomBytes(32) }),
          })
        : timeStampRequest.messageImprint;
    const tstInfo = new pkijs.TSTInfo({
      version: 1,
      policy: '1.3.6.1.4.1.55555.1.1',
      messageImprint,
      serialNumber: new asn1js.Integer({ value: serial++ }),
      genTime: new Date(Math.floor(Date.now() / 1000) * 1000),
      ...(timeStampRequest.nonce ? { nonce: timeStampRequest.nonce } : {}),
    });
    const tstInfoDer = tstInfo.toSchema().toBER();
    const signedData = new pkijs.SignedData({
      version: 3,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({
        eContentType: OID_TST_INFO,
        eContent: new asn1js.OctetString({ valueHex: tstInfoDer }),
      }),
      certificates: [identity.certificate],
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({
            issuer: identity.certificate.issuer,
            serialNumber: identity.certificate.serialNumber,
          }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              new pkijs.Attribute({
                type: '1.2.840.113549.1.9.3',
                values: [new asn1js.ObjectIdentifier({ value: OID_TST_INFO })],
              }),
              new pkijs.Attribute({
                type: '1.2.840.113549.1.9.4',
                values: [
                  new asn1js.OctetString({
                    valueHex: createHash('sha256').update(Buffer.from(tstInfoDer)).digest(),
                  }),
                ],
              }),
            ],
          }),
        }),
      ],
    });
    await signedData.sign(identity.cryptoKey, 0, 'SHA-256');
    const response = new pkijs.TimeStampResp({
      status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
      timeStampToken: new pkijs.ContentInfo({
        contentType: pkijs.ContentInfo.SIGNED_DATA,
        content: signedData.toSchema(true),
      }),
    });
    return Buffer.from(response.toSchema().toBER());
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}/tsa`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
