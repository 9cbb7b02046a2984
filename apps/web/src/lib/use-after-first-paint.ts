import { useEffect, useState } from 'react';

/** Set once the app's first render has been followed by a paint: later mounts render everything at once. */
let hasPainted = false;

/**
 * False in the app's first render, true in a later task once the browser has painted it (docs/decisions/0040).
 * A part well below the fold (the public footer) renders then: the first render is one long task on a slow phone,
 * and this takes that part out of it. Every later mount (a page opened in the app) gets true at once, so nothing
 * shows up late there.
 */
export function useAfterFirstPaint(): boolean {
  const [isAfter, setIsAfter] = useState(hasPainted);
  useEffect(() => {
    if (isAfter) return;
    // Effects run around the first frame; the timeout puts the render in a task of its own after it.
    const timer = setTimeout(() => {
      hasPainted = true;
      setIsAfter(true);
    }, 0);
    return () => clearTimeout(timer);
  }, [isAfter]);
  return isAfter;
}
