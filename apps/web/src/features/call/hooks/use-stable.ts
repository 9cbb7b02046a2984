import { useRef } from 'react';

/**
 * `value`, or the one returned before while `isSame` finds no change: a part memoised on it (React's `memo`, an
 * effect's dependency) then skips its work when a parent rebuilt an equal object.
 */
export function useStable<T>(value: T, isSame: (kept: T, next: T) => boolean): T {
  const kept = useRef(value);
  if (kept.current !== value && !isSame(kept.current, value)) kept.current = value;
  return kept.current;
}
