import { sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeTestSigner, qrTextFrom, signedPart, signedQrText } from '../../testing/secure-qr.ts';
import { datesOfBirthMatch, namesMatch, trustedKeysFrom, verifySecureQr } from './secure-qr.ts';

const signer = makeTestSigner();
const stranger = makeTestSigner('a key nobody trusts');
const trustedKeys = [signer.trusted];
const asha = { name: 'Asha Kulkarni', dob: '14-03-1990' };
const expected = { name: 'Asha Kulkarni', dateOfBirth: '1990-03-14' };

/** The QR text for a body and a signature of our choosing. */
const packed = (body: Buffer, signature: Buffer) => qrTextFrom(Buffer.concat([body, signature]));

describe('Secure QR', () => {
  it('a payload signed by a trusted key verifies, matches the record and yields only the last 4 digits', () => {
    const result = verifySecureQr(signedQrText(asha, signer.privateKey), { trustedKeys, expected });
    expect(result).toMatchObject({
      outcome: 'verified',
      keyName: signer.name,
      mismatches: [],
      data: {
        version: 'V2',
        name: 'Asha Kulkarni',
        dateOfBirth: '1990-03-14',
        gender: 'F',
        aadhaarLast4: '4321',
        // House first, each place once (the VTC and the district are both Pune), state and PIN last.
        address: '12, Karve Road, Near the temple, Kothrud, Pune, Haveli, Maharashtra 411038',
      },
    });
    if (result.outcome !== 'verified') throw new Error('not verified');
    // The photo keeps its 0xFF byte: only the text fields are split on the delimiter.
    expect(result.data.photo?.subarray(0, 8)).toEqual(Buffer.from([0, 0, 0, 0x0c, 0x6a, 0x50, 0x20, 0x20]));
    expect(result.data.photo?.includes(0xff)).toBe(true);
    expect(JSON.stringify({ ...result.data, photo: null })).not.toMatch(/\d{12}/);
  });

  it('reads version 1 payloads and every e-mail/mobile indicator', () => {
    for (const indicator of [0, 1, 2, 3] as const) {
      for (const version of ['V1', 'V2'] as const) {
        const text = signedQrText({ ...asha, version, indicator }, signer.privateKey);
        const result = verifySecureQr(text, { trustedKeys, expected });
        expect(result.outcome, `${version} indicator ${indicator}`).toBe('verified');
        if (result.outcome === 'verified') expect(result.data.photo?.length).toBe(12);
      }
    }
  });

  it('one changed byte anywhere in the signed part fails the signature', () => {
    const body = signedPart(asha);
    const signature = sign('sha256', body, signer.privateKey);
    expect(verifySecureQr(packed(body, signature), { trustedKeys, expected }).outcome).toBe('verified');
    for (const at of [0, 25, body.length - 1]) {
      const changed = Buffer.from(body);
      changed[at] = (changed[at] ?? 0) ^ 0x01;
      const result = verifySecureQr(packed(changed, signature), { trustedKeys, expected });
      expect(result.outcome, `byte ${at}`).toBe('signature_invalid');
    }
    const badSignature = Buffer.from(signature);
    badSignature[0] = (badSignature[0] ?? 0) ^ 0x01;
    expect(verifySecureQr(packed(body, badSignature), { trustedKeys, expected }).outcome).toBe(
      'signature_invalid',
    );
  });

  it('a payload signed by an untrusted key fails, and so does one signed by nobody', () => {
    const byStranger = signedQrText(asha, stranger.privateKey);
    expect(verifySecureQr(byStranger, { trustedKeys, expected }).outcome).toBe('signature_invalid');
    const unsigned = packed(signedPart(asha), Buffer.alloc(256, 1));
    expect(verifySecureQr(unsigned, { trustedKeys, expected }).outcome).toBe('signature_invalid');
  });

  it('a name or date-of-birth mismatch is reported as mismatched, naming what differs', () => {
    const text = signedQrText(asha, signer.privateKey);
    expect(
      verifySecureQr(text, { trustedKeys, expected: { ...expected, name: 'Asha Patil' } }),
    ).toMatchObject({
      outcome: 'mismatched',
      mismatches: ['name'],
    });
    expect(
      verifySecureQr(text, { trustedKeys, expected: { ...expected, dateOfBirth: '1990-03-15' } }),
    ).toMatchObject({ outcome: 'mismatched', mismatches: ['date_of_birth'] });
  });

  it('garbage is unreadable, never an exception', () => {
    for (const text of [
      '',
      'hello',
      'https://example.com/aadhaar',
      '12345',
      '9'.repeat(20_000),
      qrTextFrom(Buffer.from('x')),
    ]) {
      expect(verifySecureQr(text, { trustedKeys, expected }).outcome, text.slice(0, 20)).toBe('unreadable');
    }
    // Well-formed gzip that inflates far beyond any Secure QR (a decompression bomb) is refused, not inflated.
    expect(verifySecureQr(qrTextFrom(Buffer.alloc(1024 * 1024)), { trustedKeys, expected }).outcome).toBe(
      'unreadable',
    );
  });

  it('the pinned UIDAI keys in the product parse as RSA-2048 public keys', () => {
    const keys = trustedKeysFrom(
      JSON.parse(readFileSync(new URL('./uidai-secure-qr-keys.json', import.meta.url), 'utf8')),
    );
    expect(keys.length).toBeGreaterThanOrEqual(3);
    for (const { key } of keys) expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    // The suite's own signer is not among them.
    const text = signedQrText(asha, signer.privateKey);
    expect(verifySecureQr(text, { trustedKeys: keys, expected }).outcome).toBe('signature_invalid');
  });
});

describe('matching a card to the record', () => {
  it('names: order, case, punctuation, honorifics and initials do not matter; different words do', () => {
    expect(namesMatch('ASHA KULKARNI', 'Asha Kulkarni')).toBe(true);
    expect(namesMatch('Kulkarni Asha', 'Asha Kulkarni')).toBe(true);
    expect(namesMatch('Smt. Asha R. Kulkarni', 'Asha Kulkarni')).toBe(true);
    expect(namesMatch('A. Kulkarni', 'Asha Kulkarni')).toBe(true);
    expect(namesMatch('A R Kulkarni', 'Asha Rahul Kulkarni')).toBe(true);
    expect(namesMatch('Asha Kulkarni', 'Asha Patil')).toBe(false);
    expect(namesMatch('A Kulkarni', 'B Kulkarni')).toBe(false);
    expect(namesMatch('Asha', 'Asha Kulkarni')).toBe(false);
    expect(namesMatch('', 'Asha')).toBe(false);
  });

  it('dates of birth: exact, or the year when the card has only a year', () => {
    expect(datesOfBirthMatch('1990-03-14', '1990-03-14')).toBe(true);
    expect(datesOfBirthMatch('1990-03-14', '1990-04-14')).toBe(false);
    expect(datesOfBirthMatch('1990', '1990-04-14')).toBe(true);
    expect(datesOfBirthMatch('1991', '1990-04-14')).toBe(false);
  });
});
