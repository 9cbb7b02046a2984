import { useEffect, useRef, useState } from 'react';

/**
 * True from the first render where `condition` holds, or once `fallbackMs` have passed since mounting, whichever
 * comes first; it never turns back to false.
 */
export function useLatch(condition: boolean, fallbackMs: number): boolean {
  const hasHeld = useRef(false);
  if (condition) hasHeld.current = true;
  const [hasWaited, setWaited] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setWaited(true), fallbackMs);
    return () => window.clearTimeout(timer);
  }, [fallbackMs]);
  return hasHeld.current || hasWaited;
}
