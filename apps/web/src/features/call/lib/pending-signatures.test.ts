import type { CallSignedMessage } from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import { pendingSignatures } from './pending-signatures';

const signed = (version: number, changedPages?: number[]): CallSignedMessage => ({
  signatoryId: `signatory-${version}`,
  version,
  image: 'data:image/png;base64,iVBORw0KGgo=',
  marks: [{ page: 2, left: 0.1, top: 0.8, width: 0.3, height: 0.05 }],
  ...(changedPages ? { changedPages } : {}),
});

describe('pendingSignatures', () => {
  it('shows a signature heard of until a drawn version carries it', () => {
    const heard = [signed(1, [2])];
    const before = pendingSignatures({ signatures: heard, drawnVersion: 0, fileVersion: 0 });
    expect(before.overlays.map((m) => m.version)).toEqual([1]);
    expect(before.shownVersion).toBe(1);
    const after = pendingSignatures({ signatures: heard, drawnVersion: 1, fileVersion: 1 });
    expect(after.overlays).toEqual([]);
    expect(after.shownVersion).toBe(1);
  });

  it('redraws the pages each version in between changed, and every page when one of them did not say', () => {
    const heard = [signed(1, [2]), signed(2, [2, 3])];
    expect(pendingSignatures({ signatures: heard, drawnVersion: 0, fileVersion: 2 }).changedPages).toEqual([
      2, 2, 3,
    ]);
    const unsaid = [signed(1), signed(2, [3])];
    expect(
      pendingSignatures({ signatures: unsaid, drawnVersion: 0, fileVersion: 2 }).changedPages,
    ).toBeNull();
    // A version the page never heard of (it joined after it) may have changed anything.
    expect(
      pendingSignatures({ signatures: [signed(2, [3])], drawnVersion: 0, fileVersion: 2 }).changedPages,
    ).toBeNull();
  });

  it('draws nothing over the page for a signature whose image was not sent', () => {
    const large = { ...signed(1, [2]), image: undefined };
    expect(pendingSignatures({ signatures: [large], drawnVersion: 0, fileVersion: 0 }).overlays).toEqual([]);
  });
});
