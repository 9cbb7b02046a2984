import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { type CropBox, moveBox, type PdfBox, pdfToCss, resizeBox } from './geometry';
import classes from './signature-places.module.css';

/** Points a box moves or grows per arrow key press; with Shift held. */
const KEY_STEP = 2;
const KEY_STEP_LARGE = 10;
/** Arrow keys as directions on the page (PDF: up is positive). */
const ARROWS: Record<string, { x: number; y: number }> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: 1 },
  ArrowDown: { x: 0, y: -1 },
};

type Drag = {
  pointerId: number;
  kind: 'move' | 'resize';
  startX: number;
  startY: number;
  origin: PdfBox;
  latest: PdfBox | null;
};

const isHandle = (target: EventTarget) =>
  target instanceof HTMLElement && target.dataset.handle !== undefined;

/**
 * One signature box on a page. Editable: a button that is dragged (mouse, pen or finger), resized from its corner
 * handle, moved with the arrow keys, resized with Alt + arrows and removed with Delete or Backspace. The box only
 * reports where it ended up (on release), so a drag redraws this box alone and not the whole document.
 */
export function PlacementBox(props: {
  box: PdfBox;
  crop: CropBox;
  /** CSS pixels per PDF point on the drawn page. */
  scale: number;
  name: string;
  color: string;
  label: string;
  signatoryId: string;
  pageIndex: number;
  isEditable: boolean;
  /** Focus the box when it appears (it was just added). */
  shouldFocus: boolean;
  /** The id of the text that explains the keys. */
  describedBy?: string;
  onChange(box: PdfBox): void;
  onRemove(): void;
}) {
  const { box, crop, scale } = props;
  const ref = useRef<HTMLButtonElement>(null);
  const drag = useRef<Drag | null>(null);
  const [draft, setDraft] = useState<PdfBox | null>(null);

  useEffect(() => {
    if (props.shouldFocus) ref.current?.focus();
  }, [props.shouldFocus]);

  const css = pdfToCss({ box: draft ?? box, crop, scale });
  const style = {
    '--box-color': props.color,
    left: css.left,
    top: css.top,
    width: css.width,
    height: css.height,
  } as CSSProperties;
  const common = {
    className: classes.box,
    style,
    'aria-label': props.label,
    'data-testid': 'places-box',
    'data-signatory-id': props.signatoryId,
    'data-page': props.pageIndex,
    'data-editable': props.isEditable,
  };

  if (!props.isEditable) {
    return (
      <div role="img" {...common}>
        <span className={classes.name} aria-hidden="true">
          {props.name}
        </span>
      </div>
    );
  }

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (!event.isPrimary || event.button !== 0 || drag.current) return;
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      kind: isHandle(event.target) ? 'resize' : 'move',
      startX: event.clientX,
      startY: event.clientY,
      origin: box,
      latest: null,
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId || scale <= 0) return;
    // Always from where the drag started, so a box held at an edge does not creep.
    const dx = (event.clientX - current.startX) / scale;
    const dy = (event.clientY - current.startY) / scale;
    current.latest =
      current.kind === 'move'
        ? moveBox({ box: current.origin, crop, dx, dy: -dy })
        : resizeBox({ box: current.origin, crop, dWidth: dx, dHeight: dy });
    setDraft(current.latest);
  };

  const onPointerEnd = (event: PointerEvent<HTMLButtonElement>, isCancelled: boolean) => {
    const current = drag.current;
    if (current?.pointerId !== event.pointerId) return;
    drag.current = null;
    if (current.latest && !isCancelled) props.onChange(current.latest);
    setDraft(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      // Focus stays in the preview (its scroll region) rather than falling to the page when the box goes.
      event.currentTarget.closest<HTMLElement>('[data-testid="pdf-preview"]')?.focus();
      props.onRemove();
      return;
    }
    const arrow = ARROWS[event.key];
    if (!arrow) return;
    // The arrows would otherwise scroll the preview as well.
    event.preventDefault();
    const step = event.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
    props.onChange(
      event.altKey
        ? resizeBox({ box, crop, dWidth: arrow.x * step, dHeight: -arrow.y * step })
        : moveBox({ box, crop, dx: arrow.x * step, dy: arrow.y * step }),
    );
  };

  return (
    <button
      ref={ref}
      type="button"
      {...common}
      aria-describedby={props.describedBy}
      data-dragging={draft !== null}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => onPointerEnd(event, false)}
      onPointerCancel={(event) => onPointerEnd(event, true)}
      onKeyDown={onKeyDown}
    >
      <span className={classes.name} aria-hidden="true">
        {props.name}
      </span>
      <span className={classes.handle} data-handle="" aria-hidden="true" />
    </button>
  );
}
