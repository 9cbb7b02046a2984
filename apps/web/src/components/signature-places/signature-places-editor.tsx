import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import {
  MAX_PLACEMENTS_PER_SIGNATORY,
  type SignaturePlaces,
  type SignaturePlacesRequest,
} from '@mohar/contracts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PdfPreview } from '@/components/pdf-preview/pdf-preview';
import { failureMessage } from '@/lib/api-errors';
import { boxAround, isUpright, type PdfBox } from './geometry';
import { PageOverlay } from './page-overlay';
import { PlacementList } from './placement-list';
import {
  countFor,
  type EditablePlacement,
  newPlacementKey,
  sortForList,
  toRequest,
  withKeys,
} from './placements';
import { describeSignatories, lookOf } from './signatories';
import { SignatoryChooser } from './signatory-chooser';

export type SignaturePlacesEditorProps = {
  /** The uploaded PDF; null while it is being fetched. */
  file: Blob | null;
  places: SignaturePlaces;
  isSaving: boolean;
  /** The last save's failure (its message is shown), or null. */
  error: unknown;
  onSave(request: SignaturePlacesRequest): void;
  onCancel(): void;
};

/**
 * Where each signatory signs: boxes on the document's pages, one colour per signatory. Boxes are added with a tap on
 * the page (or the "Add a box" control), dragged, resized from the corner, moved with the keys; nothing is sent
 * until Save. `places.isEditable: false` shows the same picture, read-only.
 */
export function SignaturePlacesEditor(props: SignaturePlacesEditorProps) {
  const { t } = useTranslation('places');
  const { places } = props;
  const isEditable = places.isEditable;
  const keysHintId = useId();
  const errorRef = useRef<HTMLDivElement>(null);
  const [placements, setPlacements] = useState<EditablePlacement[]>(() => withKeys(places.placements));
  const [initials, setInitials] = useState(places.initialsOnEveryPage);
  const [chosenId, setChosenId] = useState<string | null>(places.signatories[0]?.signatoryId ?? null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [shownPlaces, setShownPlaces] = useState(places);
  if (places !== shownPlaces) {
    setShownPlaces(places);
    // Read again after a refusal and now locked (the session began, someone signed): show what is stored, not the
    // edits that can no longer be saved.
    if (!places.isEditable) {
      setPlacements(withKeys(places.placements));
      setInitials(places.initialsOnEveryPage);
    }
  }

  const looks = useMemo(() => describeSignatories(places.signatories), [places.signatories]);
  const lookFor = (signatoryId: string) => lookOf({ looks, signatoryId, unknownName: t('unknownSignatory') });
  const chosen = chosenId === null ? null : (looks.get(chosenId) ?? null);
  const chosenCount = chosen ? countFor(placements, chosen.signatoryId) : 0;
  const canAdd = isEditable && chosen !== null && chosenCount < MAX_PLACEMENTS_PER_SIGNATORY;
  const uprightPages = places.pages.flatMap((page, index) => (isUpright(page.rotation) ? [index] : []));

  useEffect(() => {
    if (props.error) errorRef.current?.focus();
  }, [props.error]);

  const onAdd = (pageIndex: number, box: PdfBox) => {
    if (!isEditable || !chosen) return;
    if (chosenCount >= MAX_PLACEMENTS_PER_SIGNATORY) {
      setNotice(t('limit', { name: chosen.name, max: MAX_PLACEMENTS_PER_SIGNATORY }));
      return;
    }
    const key = newPlacementKey();
    setPlacements((current) => [
      ...current,
      { key, signatoryId: chosen.signatoryId, page: pageIndex, ...box },
    ]);
    setFocusKey(key);
    setNotice(null);
  };
  const onAddInMiddle = (pageIndex: number) => {
    const page = places.pages[pageIndex];
    if (page)
      onAdd(pageIndex, boxAround({ x: page.x + page.width / 2, y: page.y + page.height / 2, crop: page }));
  };
  const onChange = (key: string, box: PdfBox) =>
    setPlacements((current) => current.map((p) => (p.key === key ? { ...p, ...box } : p)));
  const onRemove = (key: string) => {
    setPlacements((current) => current.filter((p) => p.key !== key));
    setNotice(null);
  };

  const renderOverlay = (pageIndex: number, cssWidth: number) => {
    const page = places.pages[pageIndex];
    if (!page) return null;
    return (
      <PageOverlay
        pageIndex={pageIndex}
        page={page}
        cssWidth={cssWidth}
        placements={placements.filter((p) => p.page === pageIndex)}
        looks={looks}
        isEditable={isEditable}
        focusKey={focusKey}
        keysHintId={keysHintId}
        onAdd={(box) => onAdd(pageIndex, box)}
        onChange={onChange}
        onRemove={onRemove}
      />
    );
  };

  const listed = sortForList({ placements, signatoryIds: places.signatories.map((s) => s.signatoryId) }).map(
    (placement) => ({ ...placement, look: lookFor(placement.signatoryId) }),
  );
  const entries = places.signatories.map((s) => ({
    ...lookFor(s.signatoryId),
    count: countFor(placements, s.signatoryId),
  }));

  return (
    <Stack gap="md" data-testid="places-editor" data-editable={isEditable}>
      <Stack gap={4}>
        <Text size="sm">{isEditable ? t('intro.editable') : t('intro.readOnly')}</Text>
        <Text size="sm" c="dimmed">
          {t('intro.defaultBlock')}
        </Text>
        {isEditable && (
          // Still names the boxes' keys to screen readers on a phone (aria-describedby reads hidden text).
          <Text size="xs" c="dimmed" id={keysHintId} visibleFrom="sm">
            {t('intro.keys')}
          </Text>
        )}
      </Stack>
      {entries.length > 0 ? (
        <SignatoryChooser
          entries={entries}
          chosenId={chosenId}
          isEditable={isEditable}
          onChoose={(id) => {
            setChosenId(id);
            setNotice(null);
          }}
        />
      ) : (
        <Text size="sm">{t('noSignatories')}</Text>
      )}
      {notice && (
        <Text size="sm" role="status" c="yellow.9">
          {notice}
        </Text>
      )}
      <PdfPreview
        file={props.file}
        label={t('preview.label')}
        maxHeight="70vh"
        failureHint={t('preview.failedHint')}
        renderOverlay={renderOverlay}
      />
      <PlacementList
        placements={listed}
        isEditable={isEditable}
        uprightPages={uprightPages}
        chosenName={chosen?.name ?? null}
        canAdd={canAdd}
        onAdd={onAddInMiddle}
        onRemove={onRemove}
      />
      <Checkbox
        label={t('initials.label')}
        description={t('initials.description')}
        checked={initials}
        disabled={!isEditable}
        onChange={(event) => setInitials(event.currentTarget.checked)}
        data-testid="places-initials"
      />
      {Boolean(props.error) && (
        <FormAlert ref={errorRef} tone="error" title={t('saveFailed')}>
          {failureMessage(props.error, t('saveFailed'))}
        </FormAlert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button
          variant="default"
          onClick={props.onCancel}
          disabled={props.isSaving}
          data-testid="places-cancel"
        >
          {isEditable ? t('cancel') : t('close')}
        </Button>
        {isEditable && (
          <Button
            loading={props.isSaving}
            onClick={() =>
              props.onSave(toRequest({ placements, pages: places.pages, initialsOnEveryPage: initials }))
            }
            data-testid="places-save"
          >
            {t('save')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
