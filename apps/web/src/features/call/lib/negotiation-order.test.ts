import { describe, expect, it } from 'vitest';
import { isNotaryParticipant, offersTo } from './negotiation-order';

const notary = 'user:7d3f0c1e-0000-4000-8000-000000000001';
const asha = 'signatory:2b9a5f10-0000-4000-8000-000000000002';
const bela = 'signatory:0c41e7aa-0000-4000-8000-000000000003';

describe('who starts each connection of the call', () => {
  it("the notary is the call's user participant; signatories are not", () => {
    expect(isNotaryParticipant(notary)).toBe(true);
    expect(isNotaryParticipant(asha)).toBe(false);
  });

  it('a signatory joining a call the notary is in offers to the notary, who waits', () => {
    expect(offersTo(asha, notary, true)).toBe(true);
    expect(offersTo(notary, asha, false)).toBe(false);
  });

  it('the notary joining after the signatories does not offer: each signatory offers as it hears of it', () => {
    expect(offersTo(notary, asha, true)).toBe(false);
    expect(offersTo(asha, notary, false)).toBe(true);
    expect(offersTo(bela, notary, false)).toBe(true);
  });

  it('between two signatories the one who (re)joined offers, and exactly one of them does', () => {
    expect(offersTo(bela, asha, true)).toBe(true);
    expect(offersTo(asha, bela, false)).toBe(false);
    expect(offersTo(asha, bela, true)).toBe(true);
    expect(offersTo(bela, asha, false)).toBe(false);
  });

  it('for every pair and whoever joined, exactly one side offers', () => {
    for (const [joiner, other] of [
      [notary, asha],
      [asha, notary],
      [asha, bela],
      [bela, asha],
    ] as const)
      expect(Number(offersTo(joiner, other, true)) + Number(offersTo(other, joiner, false))).toBe(1);
  });
});
