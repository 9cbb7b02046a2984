import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Plus, Undo2 } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Photo } from '../lib/photo';
import { type Box, boxBetween, nudge, type Point, toImagePoint } from '../lib/redaction';
import classes from './identity.module.css';

/** Where a new box starts when added with the button: over the usual place of the number on the card's front. */
const STARTER_BOX = { x: 0.22, y: 0.76, width: 0.38, height: 0.1 };
const KEY_STEP = 8;

function percentStyle(box: Box, photo: Photo) {
  return {
    left: `${(box.x / photo.width) * 100}%`,
    top: `${(box.y / photo.height) * 100}%`,
    width: `${(box.width / photo.width) * 100}%`,
    height: `${(box.height / photo.height) * 100}%`,
  };
}

/**
 * The masking tool: black boxes drawn over the photo with a finger or the mouse (or added and moved with the
 * keyboard), burnt into the picture before anything is sent. Recommended over the first 8 digits of the number.
 */
export function MaskDialog(props: {
  photo: Photo;
  title: string;
  hint: string;
  isSending: boolean;
  onClose: () => void;
  onSend: (boxes: Box[]) => void;
}) {
  const { t } = useTranslation('portal');
  const { photo } = props;
  const [boxes, setBoxes] = useState<Box[]>([]);
  const [draft, setDraft] = useState<{ start: Point; end: Point } | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const surfaceRef = useRef<HTMLDivElement | null>(null);

  // The photo's own canvas is shown as it is (CSS fits it to the screen); the parent keys this dialog per photo.
  const canvasHostRef = useCallback(
    (host: HTMLDivElement | null) => {
      if (!host) return;
      photo.canvas.className = classes.maskCanvas ?? '';
      host.replaceChildren(photo.canvas);
    },
    [photo],
  );

  const pointOf = (event: PointerEvent) => {
    const rect = surfaceRef.current?.getBoundingClientRect();
    return rect ? toImagePoint(event, rect, photo) : { x: 0, y: 0 };
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    const start = pointOf(event);
    setDraft({ start, end: start });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (draft) setDraft({ ...draft, end: pointOf(event) });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!draft) return;
    const box = boxBetween(draft.start, pointOf(event), photo);
    setDraft(null);
    if (box) {
      setBoxes((all) => [...all, box]);
      setSelected(boxes.length);
    }
  };
  const addBox = () => {
    const box = {
      x: Math.round(STARTER_BOX.x * photo.width),
      y: Math.round(STARTER_BOX.y * photo.height),
      width: Math.round(STARTER_BOX.width * photo.width),
      height: Math.round(STARTER_BOX.height * photo.height),
    };
    setBoxes((all) => [...all, box]);
    setSelected(boxes.length);
  };
  const onBoxKey = (index: number, event: KeyboardEvent) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    };
    const move = moves[event.key];
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      setBoxes((all) => all.filter((_, i) => i !== index));
      setSelected(null);
      return;
    }
    if (!move) return;
    event.preventDefault();
    setBoxes((all) =>
      all.map((box, i) => {
        if (i !== index) return box;
        if (!event.shiftKey) return nudge(box, move[0], move[1], photo);
        // Shift + arrows resize, keeping at least a small box inside the image.
        const width = Math.min(photo.width - box.x, Math.max(16, box.width + move[0]));
        const height = Math.min(photo.height - box.y, Math.max(16, box.height + move[1]));
        return { ...box, width, height };
      }),
    );
  };
  const draftBox = draft ? boxBetween(draft.start, draft.end, photo) : null;

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.title}
      size="xl"
      fullScreen={window.matchMedia?.('(max-width: 36em)').matches ?? false}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('identity.close') }}
      data-testid="mask-dialog"
    >
      <Stack gap="sm">
        <Text size="sm">{props.hint}</Text>
        <Text size="xs" c="dimmed">
          {t('identity.mask.howTo')}
        </Text>
        <div
          ref={surfaceRef}
          className={classes.maskSurface}
          // The whole photo stays on screen: no taller than two thirds of the window.
          style={{ maxWidth: `calc(65vh * ${photo.width / photo.height})` }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => setDraft(null)}
          data-testid="mask-surface"
        >
          <div ref={canvasHostRef} />
          {boxes.map((box, index) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: boxes have no identity beyond their order
              key={index}
              type="button"
              className={`${classes.maskBox} ${selected === index ? classes.maskBoxSelected : ''}`}
              style={percentStyle(box, photo)}
              aria-label={t('identity.mask.box', { number: index + 1 })}
              onPointerDown={(event) => event.stopPropagation()}
              onFocus={() => setSelected(index)}
              onKeyDown={(event) => onBoxKey(index, event)}
              data-testid="mask-box"
            />
          ))}
          {draftBox && <div className={classes.maskBox} style={percentStyle(draftBox, photo)} />}
        </div>
        {boxes.length === 0 && (
          <Alert color="blue" variant="light" p="xs">
            <Text size="xs">{t('identity.mask.noBoxes')}</Text>
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <Button size="xs" variant="light" leftSection={<Plus size={16} />} onClick={addBox}>
              {t('identity.mask.add')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              leftSection={<Undo2 size={16} />}
              onClick={() => {
                setBoxes((all) => all.slice(0, -1));
                setSelected(null);
              }}
              disabled={boxes.length === 0}
            >
              {t('identity.mask.undo')}
            </Button>
          </Group>
          <Group gap="xs">
            <Button variant="default" onClick={props.onClose} disabled={props.isSending}>
              {t('identity.cancel')}
            </Button>
            <Button onClick={() => props.onSend(boxes)} loading={props.isSending} data-testid="mask-send">
              {t('identity.mask.send')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
