import { Button, ColorSwatch, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { Plus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditablePlacement } from './placements';
import type { SignatoryLook } from './signatories';
import classes from './signature-places.module.css';

export type ListedPlacement = EditablePlacement & { look: SignatoryLook };

/**
 * The boxes as a plain list ("Page 2 — Asha Verma — Remove"), and a way to add one without pointing: for anyone
 * who cannot drag on the preview. An added box appears in the middle of the page, focused, to move with the keys.
 */
export function PlacementList(props: {
  placements: ListedPlacement[];
  isEditable: boolean;
  /** Pages (0-based) that take boxes: the ones that are not turned. */
  uprightPages: number[];
  /** The chosen signatory's name; null when there is no one to place a box for. */
  chosenName: string | null;
  canAdd: boolean;
  onAdd(pageIndex: number): void;
  onRemove(key: string): void;
}) {
  const { t } = useTranslation('places');
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [page, setPage] = useState<number>(props.uprightPages[0] ?? 0);

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId} ref={headingRef} tabIndex={-1}>
        {t('list.title', { total: props.placements.length })}
      </Title>
      {props.placements.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('list.empty')}
        </Text>
      ) : (
        <ul className={classes.list}>
          {props.placements.map((placement) => {
            const values = { page: placement.page + 1, name: placement.look.name };
            return (
              <li key={placement.key}>
                <Group justify="space-between" wrap="nowrap" gap="xs" className={classes.listItem}>
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                    <ColorSwatch
                      color={placement.look.color}
                      size={12}
                      radius="sm"
                      withShadow={false}
                      aria-hidden="true"
                    />
                    <Text size="sm" truncate>
                      {t('list.item', values)}
                    </Text>
                  </Group>
                  {props.isEditable && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={t('list.removeLabel', values)}
                      onClick={() => {
                        // The button goes with its row: focus returns to the list's heading.
                        headingRef.current?.focus();
                        props.onRemove(placement.key);
                      }}
                    >
                      {t('list.remove')}
                    </Button>
                  )}
                </Group>
              </li>
            );
          })}
        </ul>
      )}
      {props.isEditable && props.chosenName !== null && props.uprightPages.length > 0 && (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('list.addPage')}
            value={String(page)}
            onChange={(event) => setPage(Number(event.currentTarget.value))}
            data={props.uprightPages.map((index) => ({
              value: String(index),
              label: t('list.pageOption', { page: index + 1 }),
            }))}
            style={{ flex: '0 1 10rem' }}
          />
          <Button
            variant="default"
            leftSection={<Plus size={16} aria-hidden="true" />}
            disabled={!props.canAdd}
            onClick={() => props.onAdd(page)}
          >
            {t('list.add', { name: props.chosenName })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
