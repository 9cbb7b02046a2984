import type { SignaturePlaces } from '@mohar/contracts';

/**
 * One colour per signatory, in signing order. The page is white paper in both colour modes, so these are fixed
 * dark shades that keep the name legible on it; red is left for errors.
 */
const PALETTE = ['blue-7', 'orange-9', 'teal-8', 'grape-7', 'pink-8', 'cyan-9'] as const;
const UNKNOWN_COLOR = 'var(--mantine-color-gray-7)';

export type SignatoryLook = { signatoryId: string; name: string; color: string };

export const colorOfIndex = (index: number) => `var(--mantine-color-${PALETTE[index % PALETTE.length]})`;

/** Each signatory's name and colour by id. */
export function describeSignatories(signatories: SignaturePlaces['signatories']): Map<string, SignatoryLook> {
  return new Map(
    signatories.map((s, index) => [
      s.signatoryId,
      { signatoryId: s.signatoryId, name: s.name, color: colorOfIndex(index) },
    ]),
  );
}

/** A box whose signatory is no longer on the application (removed meanwhile) is still shown, in grey. */
export const lookOf = (options: {
  looks: Map<string, SignatoryLook>;
  signatoryId: string;
  unknownName: string;
}) =>
  options.looks.get(options.signatoryId) ?? {
    signatoryId: options.signatoryId,
    name: options.unknownName,
    color: UNKNOWN_COLOR,
  };
