import type { SignaturePlaces } from '@mohar/contracts';
import { type PointerEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { boxAround, cssPointToPdf, isUpright, type PdfBox } from './geometry';
import { PlacementBox } from './placement-box';
import type { EditablePlacement } from './placements';
import { lookOf, type SignatoryLook } from './signatories';
import classes from './signature-places.module.css';

/** A press that travels further than this (CSS px) before release is a drag across the page, not a tap. */
const TAP_SLOP = 6;

/**
 * What lies over one drawn page: its boxes, and (when editable) a tap or click on empty paper adds a box there for
 * the chosen signatory. A turned page takes no boxes and says so.
 */
export function PageOverlay(props: {
  pageIndex: number;
  page: SignaturePlaces['pages'][number];
  /** The page's drawn width in CSS pixels. */
  cssWidth: number;
  placements: EditablePlacement[];
  looks: Map<string, SignatoryLook>;
  isEditable: boolean;
  focusKey: string | null;
  keysHintId: string;
  onAdd(box: PdfBox): void;
  onChange(key: string, box: PdfBox): void;
  onRemove(key: string): void;
}) {
  const { t } = useTranslation('places');
  const { page, pageIndex } = props;
  const pressed = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const isTurned = !isUpright(page.rotation);
  const isEditable = props.isEditable && !isTurned;

  // A tap is a press and release on the paper itself (not on a box) without travelling. Taken from the pointer
  // events rather than `click`: a finger that starts scrolling the preview cancels its pointer, so it adds nothing.
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pressed.current =
      event.target === event.currentTarget && event.isPrimary && event.button === 0
        ? { pointerId: event.pointerId, x: event.clientX, y: event.clientY }
        : null;
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = pressed.current;
    pressed.current = null;
    if (!start || start.pointerId !== event.pointerId || event.target !== event.currentTarget) return;
    if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > TAP_SLOP || page.width <= 0) return;
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width <= 0) return;
    const point = cssPointToPdf({
      left: event.clientX - rect.left,
      top: event.clientY - rect.top,
      crop: page,
      scale: rect.width / page.width,
    });
    props.onAdd(boxAround({ ...point, crop: page }));
  };

  if (isTurned) {
    return (
      <div
        className={classes.page}
        data-testid="places-page-overlay"
        data-page={pageIndex}
        data-turned="true"
      >
        <p className={classes.turned}>{t('overlay.turned')}</p>
      </div>
    );
  }

  const scale = page.width > 0 ? props.cssWidth / page.width : 0;
  const boxes = props.placements.map((placement) => {
    const look = lookOf({
      looks: props.looks,
      signatoryId: placement.signatoryId,
      unknownName: t('unknownSignatory'),
    });
    return (
      <PlacementBox
        key={placement.key}
        box={placement}
        crop={page}
        scale={scale}
        name={look.name}
        color={look.color}
        label={t('box.label', { name: look.name, page: pageIndex + 1 })}
        signatoryId={placement.signatoryId}
        pageIndex={pageIndex}
        isEditable={isEditable}
        shouldFocus={placement.key === props.focusKey}
        describedBy={isEditable ? props.keysHintId : undefined}
        onChange={(box) => props.onChange(placement.key, box)}
        onRemove={() => props.onRemove(placement.key)}
      />
    );
  });

  if (!isEditable) {
    return (
      <div className={classes.page} data-testid="places-page-overlay" data-page={pageIndex}>
        {boxes}
      </div>
    );
  }

  return (
    // Tapping is a pointer shortcut only: keyboard and screen-reader users add boxes with the "Add a box" control
    // under the preview, then move them with the arrow keys.
    <div
      className={classes.page}
      data-editable="true"
      data-testid="places-page-overlay"
      data-page={pageIndex}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        pressed.current = null;
      }}
    >
      {boxes}
    </div>
  );
}
