import type { PlacedSignature, SignaturePlaces, SignaturePlacesRequest } from '@mohar/contracts';
import { boxToSave } from './geometry';

/** A box being edited: a placement plus a key that stays the same while it is moved. */
export type EditablePlacement = PlacedSignature & { key: string };

let lastKey = 0;
export const newPlacementKey = () => {
  lastKey += 1;
  return `placement-${lastKey}`;
};

export const withKeys = (placements: PlacedSignature[]): EditablePlacement[] =>
  placements.map((placement) => ({ ...placement, key: newPlacementKey() }));

export function countFor(placements: readonly PlacedSignature[], signatoryId: string): number {
  return placements.filter((placement) => placement.signatoryId === signatoryId).length;
}

/** The list under the preview: by page, then in signing order, then top to bottom. */
export function sortForList(options: {
  placements: readonly EditablePlacement[];
  signatoryIds: readonly string[];
}): EditablePlacement[] {
  const order = (id: string) => {
    const index = options.signatoryIds.indexOf(id);
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  return [...options.placements].sort(
    (a, b) =>
      a.page - b.page || order(a.signatoryId) - order(b.signatoryId) || b.y + b.height - (a.y + a.height),
  );
}

/** What is sent: each box in hundredths of a point, strictly inside its page (see boxToSave). */
export function toRequest(options: {
  placements: readonly EditablePlacement[];
  pages: SignaturePlaces['pages'];
  initialsOnEveryPage: boolean;
}): SignaturePlacesRequest {
  return {
    placements: options.placements.map(({ signatoryId, page, x, y, width, height }) => {
      const crop = options.pages[page];
      // A page the server did not describe cannot be clamped; it is sent as it is and the server says what is wrong.
      const box = crop ? boxToSave({ box: { x, y, width, height }, crop }) : { x, y, width, height };
      return { signatoryId, page, ...box };
    }),
    initialsOnEveryPage: options.initialsOnEveryPage,
  };
}
