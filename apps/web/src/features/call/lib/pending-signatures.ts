import type { CallSignedMessage } from '@mohar/contracts';

/**
 * What the panel shows between versions: the signatures heard of (`call:signed`) that the drawn file does not carry
 * yet, drawn over their pages at once, and which pages the file being opened changed since the drawn one (null when
 * a version between them did not say, so every page is drawn again).
 */
export function pendingSignatures(options: {
  signatures: readonly CallSignedMessage[];
  drawnVersion: number;
  fileVersion: number;
}) {
  const { signatures, drawnVersion, fileVersion } = options;
  const overlays = signatures.filter(
    (message) => message.version > drawnVersion && message.image && message.marks?.length,
  );
  let changedPages: number[] | null = [];
  for (let version = drawnVersion + 1; version <= fileVersion; version++) {
    const message = signatures.find((m) => m.version === version && m.signatoryId !== null);
    if (!message?.changedPages) {
      changedPages = null;
      break;
    }
    changedPages.push(...message.changedPages);
  }
  const shownVersion = Math.max(drawnVersion, ...overlays.map((message) => message.version));
  return { overlays, changedPages, shownVersion };
}
