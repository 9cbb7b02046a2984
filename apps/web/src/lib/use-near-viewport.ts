import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element has come within `margin` of the viewport, or once the visitor has pointed at or focused
 * something in it, whichever comes first; it stays true. For code worth loading only when someone gets near it (the
 * landing page's newsletter form): loaded ahead of the scroll, so it is there by the time it is reached.
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, margin: string): boolean {
  const [isNear, setIsNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setIsNear(true);
      return;
    }
    const near = () => setIsNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) near();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    element.addEventListener('pointerenter', near);
    element.addEventListener('focusin', near);
    return () => {
      observer.disconnect();
      element.removeEventListener('pointerenter', near);
      element.removeEventListener('focusin', near);
    };
  }, [ref, margin, isNear]);
  return isNear;
}
