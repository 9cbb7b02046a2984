import { type CSSProperties, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import classes from './hover-hint.module.css';

/**
 * A short text shown above an element while it is pointed at or focused, and read as its description: the element
 * takes `aria-describedby={hintId}` from `children`. Drawn by CSS alone, where Mantine's Tooltip brought floating-ui
 * (13.6 KB) to every screen showing one (decision 0025). It does not flip at the viewport's edge: keep it for
 * elements with room above them. Escape hides it until the pointer or the focus leaves (WCAG 1.4.13).
 */
export function HoverHint(props: {
  label: string;
  maxWidth?: string;
  children: (hintId: string) => ReactNode;
}) {
  const hintId = useId();
  const anchorRef = useRef<HTMLSpanElement>(null);
  const [isDismissed, setIsDismissed] = useState(false);

  // Native listeners: the wrapper is not itself interactive, it only hears what happens to the element inside it.
  useEffect(() => {
    const anchor = anchorRef.current;
    if (!anchor) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsDismissed(true);
    };
    const onLeave = () => setIsDismissed(false);
    anchor.addEventListener('keydown', onKeyDown);
    anchor.addEventListener('pointerleave', onLeave);
    anchor.addEventListener('focusout', onLeave);
    return () => {
      anchor.removeEventListener('keydown', onKeyDown);
      anchor.removeEventListener('pointerleave', onLeave);
      anchor.removeEventListener('focusout', onLeave);
    };
  }, []);

  const style = props.maxWidth ? ({ '--hint-max-width': props.maxWidth } as CSSProperties) : undefined;
  return (
    <span ref={anchorRef} className={classes.anchor} data-dismissed={isDismissed || undefined}>
      {props.children(hintId)}
      <span id={hintId} role="tooltip" className={classes.hint} style={style}>
        {props.label}
      </span>
    </span>
  );
}
