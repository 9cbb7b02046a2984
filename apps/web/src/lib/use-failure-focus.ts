import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * After a failed submit, moves focus to the first field marked invalid, else to the element marked
 * `data-failure-focus` (the form's error message), so keyboard and screen-reader users land on what needs attention.
 * Call `focusFailure()` in the same update that renders the error, so the target exists when the effect runs.
 */
export function useFailureFocus<T extends HTMLElement>() {
  const containerRef = useRef<T>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    const root = containerRef.current;
    const target =
      root?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      root?.querySelector<HTMLElement>('[data-failure-focus]');
    target?.focus();
  }, [request]);
  const focusFailure = useCallback(() => setRequest((n) => n + 1), []);
  return { containerRef, focusFailure };
}
