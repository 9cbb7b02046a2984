import { NOTARIAL_ACTS } from '@mohar/contracts';

/** The `notary-register` key naming a notarial act; null for an act the app has no name for (shown as stored). */
export function notarialActKey(act: string): string | null {
  return (NOTARIAL_ACTS as readonly string[]).includes(act) ? `acts.${act}` : null;
}
