import { describe, expect, it } from 'vitest';
import { nextAutoSubmit } from './code-auto-submit';

/** Feeds the values a field shows, one after another, and lists the ones that sent the form. */
function sentWhileTyping(values: string[]): string[] {
  let lastSent: string | null = null;
  const sent: string[] = [];
  for (const value of values) {
    const next = nextAutoSubmit(value, lastSent);
    lastSent = next.lastSent;
    if (next.submit) sent.push(value);
  }
  return sent;
}

describe('a 6-digit code sends itself', () => {
  it('on the sixth digit typed, not before', () => {
    expect(sentWhileTyping(['1', '12', '123', '1234', '12345', '123456'])).toEqual(['123456']);
  });

  it('when pasted whole (spaces around it ignored)', () => {
    expect(sentWhileTyping([' 654321 '])).toEqual([' 654321 ']);
  });

  it('once: the refused code is not sent again until it is edited', () => {
    expect(sentWhileTyping(['123456', '123456', '123456'])).toEqual(['123456']);
    expect(sentWhileTyping(['123456', '12345', '123456', '12345', '123457'])).toEqual([
      '123456',
      '123456',
      '123457',
    ]);
  });

  it('never for a recovery code or letters', () => {
    expect(sentWhileTyping(['abcde-12345', 'abcde12345', '12a456', '1234567'])).toEqual([]);
  });
});
