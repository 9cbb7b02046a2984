import { useEffect, useState } from 'react';

/** Set once the app's first render has been followed by a paint: later mounts render everything at once. */
let hasPainted = false;

/**
 * How many of `count` parts to render: none in the app's first render, then one more in each following task, once
 * the browser has painted it (docs/decisions/0040, 0048). Parts well below the fold (the public footer, the landing
 * page's sections under the hero) render then: the first render is one long task on a slow phone, and a part per
 * task keeps each of the later ones short, so input is answered between them. Every later mount (a page opened in
 * the app) gets them all at once, so nothing shows up late there.
 */
export function usePartsAfterFirstPaint(count: number): number {
  const [shown, setShown] = useState(hasPainted ? count : 0);
  useEffect(() => {
    if (shown >= count) return;
    // Effects run around the first frame; the timeout puts the next part's render in a task of its own after it.
    const timer = setTimeout(() => {
      hasPainted = true;
      setShown((parts) => parts + 1);
    }, 0);
    return () => clearTimeout(timer);
  }, [shown, count]);
  return shown;
}

/** False in the app's first render, true in a later task once the browser has painted it (one part, above). */
export const useAfterFirstPaint = (): boolean => usePartsAfterFirstPaint(1) === 1;
