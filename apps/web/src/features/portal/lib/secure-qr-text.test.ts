import { describe, expect, it } from 'vitest';
import { isSecureQrText } from './secure-qr-text';

describe('what the live scan accepts as a Secure QR', () => {
  it('a long decimal number', () => {
    expect(isSecureQrText('7'.repeat(2500))).toBe(true);
  });

  it('not a website, a payment code, a short number or an empty read', () => {
    expect(isSecureQrText('https://uidai.gov.in')).toBe(false);
    expect(isSecureQrText('upi://pay?pa=shop@upi')).toBe(false);
    expect(isSecureQrText('1234')).toBe(false);
    expect(isSecureQrText('')).toBe(false);
  });
});
