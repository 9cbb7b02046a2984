import { describe, expect, it } from 'vitest';
import { attributesOf, commonNameOf, displayNameOf } from './distinguished-name';

describe('commonNameOf', () => {
  it("reads the CN from the server's one-line form", () => {
    expect(commonNameOf('C=IN, ST=Maharashtra, O=Mohar Technologies, CN=Asha Verma')).toBe('Asha Verma');
  });

  it('reads an RFC 4514 string, most specific first, without spaces', () => {
    expect(commonNameOf('CN=Mohar Sub CA 2025,O=Mohar,C=IN')).toBe('Mohar Sub CA 2025');
  });

  it('keeps a comma that is part of a value', () => {
    expect(commonNameOf('O=Verma, Sons and Co, CN=Asha Verma')).toBe('Asha Verma');
    expect(commonNameOf('CN=Verma\\, Asha, O=Mohar')).toBe('Verma, Asha');
    expect(attributesOf('O=Verma, Sons and Co, CN=Asha')).toEqual([
      ['o', 'Verma, Sons and Co'],
      ['cn', 'Asha'],
    ]);
  });

  it('understands the OID and the long name of the attribute', () => {
    expect(commonNameOf('2.5.4.3=Asha Verma, C=IN')).toBe('Asha Verma');
    expect(commonNameOf('commonName=Asha Verma')).toBe('Asha Verma');
  });

  it('unquotes a quoted value', () => {
    expect(commonNameOf('CN="Verma, Asha", C=IN')).toBe('Verma, Asha');
  });

  it('is null when the name has no CN', () => {
    expect(commonNameOf('C=IN, O=Mohar')).toBeNull();
    expect(commonNameOf('')).toBeNull();
  });
});

describe('displayNameOf', () => {
  it('prefers the common name', () => {
    expect(displayNameOf('C=IN, O=Mohar, CN=Asha Verma')).toBe('Asha Verma');
  });

  it('falls back to the organisation, then to the name as given', () => {
    expect(displayNameOf('C=IN, O=(n)Code Solutions CA')).toBe('(n)Code Solutions CA');
    expect(displayNameOf('  Some signer  ')).toBe('Some signer');
  });
});
