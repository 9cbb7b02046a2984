import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { checkSignerInfo, digestNameOf, digestOf, OID, parseSignedData, toArrayBuffer } from './cms.ts';

const TSA_TIMEOUT_MS = 15_000;
// A token is a few KB; anything far larger would not fit the signature placeholder anyway.
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Asks an RFC 3161 timestamp authority to timestamp `signatureValue` (SHA-256 imprint, nonce, certReq) and returns
 * the TimeStampToken (a CMS ContentInfo, DER) after checking that it answers this request: status granted, same
 * imprint, same nonce, and a signature that verifies with the TSA certificate it carries. Any failure throws an
 * Error naming the TSA; whether to seal without a timestamp is the caller's decision.
 */
export async function requestTimestampToken(options: {
  url: string;
  signatureValue: Buffer;
  timeoutMs?: number;
}): Promise<Buffer> {
  const imprint = digestOf({ algorithm: 'sha256', parts: [options.signatureValue] });
  const nonce = randomBytes(8);
  nonce[0] = (nonce[0]! & 0x7f) | 0x01; // positive, minimal INTEGER
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: toArrayBuffer(imprint) }),
    }),
    nonce: new asn1js.Integer({ valueHex: toArrayBuffer(nonce) }),
    certReq: true,
  });

  const fail = (reason: string, cause?: unknown): TimestampError =>
    new TimestampError(`The timestamp authority ${options.url} ${reason}`, cause);

  let body: Buffer;
  try {
    const response = await fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
      body: Buffer.from(request.toSchema().toBER()),
      signal: AbortSignal.timeout(options.timeoutMs ?? TSA_TIMEOUT_MS),
    });
    if (!response.ok) throw fail(`answered HTTP ${response.status}.`);
    body = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    if (error instanceof TimestampError) throw error;
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw fail(timedOut ? 'did not answer in time.' : 'could not be reached.', error);
  }
  if (body.length > MAX_RESPONSE_BYTES) throw fail(`sent ${body.length} bytes, more than a timestamp needs.`);

  let token: Buffer;
  let check: TimestampCheck;
  try {
    const response = pkijs.TimeStampResp.fromBER(body);
    const status = response.status.status;
    // 0 granted, 1 grantedWithMods (RFC 3161 §2.4.2).
    if (status !== 0 && status !== 1) {
      const text = response.status.statusStrings?.map((s) => s.valueBlock.value).join('; ');
      throw fail(`refused the request (status ${status}${text ? `: ${text}` : ''}).`);
    }
    if (!response.timeStampToken) throw fail('granted the request but sent no token.');
    token = exactTokenBytes(body);
    check = inspectTimestampToken({ token, signatureValue: options.signatureValue });
  } catch (error) {
    if (error instanceof TimestampError) throw error;
    throw fail('sent a response that is not a readable RFC 3161 timestamp.', error);
  }
  if (!check.imprintMatches) throw fail('timestamped something other than this signature.');
  if (check.nonce === null || !check.nonce.equals(nonce)) throw fail('answered with another nonce.');
  if (!check.signatureValid) throw fail('sent a token whose signature does not verify.');
  return token;
}

/** The token exactly as the TSA encoded it: re-encoding a parsed token could change the bytes its signature covers. */
function exactTokenBytes(response: Buffer): Buffer {
  const parsed = asn1js.fromBER(toArrayBuffer(response));
  const token = parsed.result instanceof asn1js.Sequence ? parsed.result.valueBlock.value[1] : undefined;
  if (!token) throw new Error('The response holds no token.');
  return Buffer.from(token.valueBeforeDecodeView);
}

/** A timestamp could not be obtained; `message` names the TSA and the reason, `cause` holds the underlying error. */
export class TimestampError extends Error {
  override readonly name = 'TimestampError';
  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

export type TimestampCheck = {
  /** The TSTInfo genTime, ISO 8601. */
  genTime: string;
  imprintMatches: boolean;
  signatureValid: boolean;
  nonce: Buffer | null;
};

/** Reads a TimeStampToken and checks it timestamps `signatureValue`. Throws when the token cannot be read. */
export function inspectTimestampToken(options: {
  token: Uint8Array;
  signatureValue: Uint8Array;
}): TimestampCheck {
  const parsed = parseSignedData(options.token);
  const { signedData } = parsed;
  const encap = signedData.encapContentInfo;
  if (encap.eContentType !== OID.tstInfo || !encap.eContent) throw new Error('The token holds no TSTInfo.');
  // getValue() joins the pieces of a constructed (BER) OCTET STRING too.
  const tstInfoDer = Buffer.from(encap.eContent.getValue());
  const tstInfo = pkijs.TSTInfo.fromBER(tstInfoDer);
  const imprint = tstInfo.messageImprint;
  let imprintMatches = false;
  try {
    imprintMatches = Buffer.from(imprint.hashedMessage.valueBlock.valueHexView).equals(
      digestOf({
        algorithm: digestNameOf(imprint.hashAlgorithm.algorithmId),
        parts: [options.signatureValue],
      }),
    );
  } catch {
    imprintMatches = false;
  }
  // RFC 3161 §2.4.2: the token has exactly one SignerInfo, the TSA's.
  const [signerInfo, ...others] = signedData.signerInfos;
  let signatureValid = false;
  if (signerInfo && others.length === 0) {
    const check = checkSignerInfo({ parsed, signerInfo, content: [tstInfoDer] });
    signatureValid = check.digestMatches && check.signatureValid;
  }
  return {
    genTime: tstInfo.genTime.toISOString(),
    imprintMatches,
    signatureValid,
    nonce: tstInfo.nonce ? Buffer.from(tstInfo.nonce.valueBlock.valueHexView) : null,
  };
}
