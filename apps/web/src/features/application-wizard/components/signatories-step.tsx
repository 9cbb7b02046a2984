import { Alert, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import {
  type Application,
  type ApplicationStep,
  MAX_SIGNATORIES,
  type SignatoryInput,
  todayInIndia,
} from '@mohar/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Info, Plus, UserPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { ApiError, errorMessage } from '@/lib/api-errors';
import { useCurrentUser } from '@/lib/current-user';
import { useFailureFocus } from '@/lib/use-failure-focus';
import { ownProfileQueryOptions } from '../api/get-profile';
import { saveSignatories, saveSignatoriesOnExit } from '../api/save-signatories';
import { useChannelState } from '../hooks/use-draft-saver';
import type { DraftSaver } from '../lib/draft-saver';
import {
  canAddRow,
  emptyRow,
  hasEmail,
  hasExecutant,
  hasRowErrors,
  type RowErrors,
  type RowTouched,
  rowOfSignatory,
  rowOfUser,
  type SignatoryField,
  type SignatoryRow,
  serverSignatoryErrorsOf,
  validateSignatories,
  visibleRowErrors,
} from '../lib/signatories-form';
import { refreshIfStale, storeApplication } from '../lib/store-application';
import { SignatoryFields, signatoryFieldId } from './signatory-fields';
import { StepFrame } from './step-frame';

const CHANNEL = 'signatories';
const isBlank = (row: SignatoryRow) =>
  !row.fullName.trim() && !row.email.trim() && !row.mobile.trim() && !row.dateOfBirth;

/** Step 3: one to six people who sign; saved as a whole list once every row is valid. */
export function SignatoriesStep(props: {
  application: Application;
  saver: DraftSaver;
  onGoTo: (step: ApplicationStep) => void;
}) {
  const { t } = useTranslation('wizard');
  const { application, saver } = props;
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const channelState = useChannelState(saver, CHANNEL);
  const counter = useRef(0);
  const newKey = () => {
    counter.current += 1;
    return `row-${counter.current}`;
  };
  const [rows, setRows] = useState<SignatoryRow[]>(() =>
    application.signatories.length > 0
      ? application.signatories.map((signatory) => rowOfSignatory(signatory, newKey()))
      : [emptyRow(newKey())],
  );
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const [touched, setTouched] = useState<Record<string, RowTouched>>({});
  const [showAll, setShowAll] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, RowErrors>>({});
  const [listError, setListError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusId, setFocusId] = useState<string | null>(null);
  const { containerRef, focusFailure } = useFailureFocus<HTMLDivElement>();
  const today = todayInIndia();
  const messages = { duplicateEmail: t('signatories.duplicateEmail'), underAge: t('signatories.underAge') };

  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const validation = validateSignatories({ rows, today, messages });
  const visible = visibleRowErrors({
    errors: validation.errors,
    touched: rows.map((row) => touched[row.key] ?? {}),
    showAll,
  });
  const shownErrors = rows.map((row, index) => ({ ...serverErrors[row.key], ...visible[index] }));
  const isFull = !canAddRow(rows);
  const hasMe = hasEmail(rows, user.email);
  const blankIndex = rows.findIndex(isBlank);

  const schedule = (signatories: SignatoryInput[], keys: string[]) =>
    saver.schedule(CHANNEL, async ({ keepalive }) => {
      if (keepalive) {
        await saveSignatoriesOnExit({ id: application._id, signatories });
        return 'saved';
      }
      try {
        storeApplication(queryClient, await saveSignatories({ id: application._id, signatories }));
        setListError(null);
        return 'saved';
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) {
          const found = serverSignatoryErrorsOf(error.details, keys.length);
          setServerErrors(Object.fromEntries(keys.map((key, index) => [key, found.rows[index] ?? {}])));
          setListError(found.list ?? (hasRowErrors(found.rows) ? null : errorMessage(error)));
          return 'invalid';
        }
        refreshIfStale({ queryClient, id: application._id, error });
        throw error;
      }
    });

  const commit = (next: SignatoryRow[]) => {
    rowsRef.current = next;
    setRows(next);
    setListError(null);
    const result = validateSignatories({ rows: next, today: todayInIndia(), messages });
    if (result.signatories)
      schedule(
        result.signatories,
        next.map((row) => row.key),
      );
    else saver.markInvalid(CHANNEL);
  };

  const touch = (key: string, fields: readonly SignatoryField[]) =>
    setTouched((current) => ({
      ...current,
      [key]: { ...current[key], ...Object.fromEntries(fields.map((field) => [field, true])) },
    }));

  const clearServerErrors = (key: string) =>
    setServerErrors((current) => {
      if (!current[key]) return current;
      const { [key]: _dropped, ...rest } = current;
      return rest;
    });

  const onChange = (key: string, field: SignatoryField, value: string) => {
    clearServerErrors(key);
    if (field === 'role') touch(key, ['role']);
    commit(rowsRef.current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  };

  const onAdd = () => {
    const row = emptyRow(newKey());
    commit([...rowsRef.current, row]);
    setFocusId(signatoryFieldId(row.key, 'fullName'));
  };

  const onRemove = (key: string) => {
    const removed = rowsRef.current.find((row) => row.key === key);
    clearServerErrors(key);
    commit(rowsRef.current.filter((row) => row.key !== key));
    setAnnouncement(
      t('signatories.removed', { name: removed?.fullName.trim() || t('signatories.aSignatory') }),
    );
    setFocusId('signatories-add');
  };

  const onAddMyself = async () => {
    let me: { name: string; email: string; mobile: string; dateOfBirth?: string | null } = user;
    try {
      me = await queryClient.fetchQuery(ownProfileQueryOptions());
    } catch {
      // The signed-in session already has the name, e-mail and mobile.
    }
    const current = rowsRef.current;
    if (hasEmail(current, me.email)) return;
    const blank = current.findIndex(isBlank);
    const key = current[blank]?.key ?? newKey();
    const row = rowOfUser({ user: me, key });
    commit(blank >= 0 ? current.map((item, index) => (index === blank ? row : item)) : [...current, row]);
    touch(
      key,
      (['fullName', 'email', 'mobile', 'dateOfBirth'] as const).filter((field) => row[field] !== ''),
    );
    const firstEmpty = (['fullName', 'email', 'mobile', 'dateOfBirth'] as const).find(
      (field) => row[field] === '',
    );
    setFocusId(signatoryFieldId(key, firstEmpty ?? 'fullName'));
    setAnnouncement(t('signatories.addedMyself'));
  };

  const onNext = () => {
    setShowAll(true);
    const hasServerErrors = Object.values(serverErrors).some((errors) => Object.keys(errors).length > 0);
    if (validation.signatories && !hasServerErrors && !listError) return true;
    focusFailure();
    return false;
  };

  const isWaitingForDetails = channelState === 'invalid' && !hasRowErrors(shownErrors) && !listError;

  return (
    <StepFrame
      step="signatories"
      title={t('signatories.heading')}
      intro={t('signatories.intro')}
      onGoTo={props.onGoTo}
      onNext={onNext}
    >
      <Stack gap="lg" ref={containerRef}>
        <Alert color="ink" variant="light" icon={<Info size={18} aria-hidden="true" />}>
          {t('signatories.linkNote')}
        </Alert>
        {listError && <FormAlert tone="error">{listError}</FormAlert>}
        {rows.map((row, index) => (
          <SignatoryFields
            key={row.key}
            row={row}
            index={index}
            errors={shownErrors[index] ?? {}}
            canRemove={rows.length > 1}
            onChange={(field, value) => onChange(row.key, field, value)}
            onBlur={(field) => touch(row.key, [field])}
            onRemove={() => onRemove(row.key)}
          />
        ))}
        <div aria-live="polite">
          {!hasExecutant(rows) && (
            <Alert color="yellow" variant="light" data-testid="no-executant">
              {t('signatories.noExecutant')}
            </Alert>
          )}
          {isWaitingForDetails && (
            <Text size="sm" c="dimmed">
              {t('signatories.completeToSave')}
            </Text>
          )}
        </div>
        <Stack gap={6}>
          <Group gap="sm">
            <Button
              id="signatories-add"
              variant="default"
              leftSection={<Plus size={16} aria-hidden="true" />}
              onClick={onAdd}
              disabled={isFull}
              aria-describedby="signatories-limit"
            >
              {t('signatories.add')}
            </Button>
            <Button
              variant="light"
              leftSection={<UserPlus size={16} aria-hidden="true" />}
              onClick={() => void onAddMyself()}
              disabled={hasMe || (isFull && blankIndex < 0)}
              aria-describedby={hasMe ? 'signatories-me' : undefined}
              data-testid="add-myself"
            >
              {t('signatories.addMyself')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed" id="signatories-limit">
            {isFull
              ? t('signatories.limitReached', { max: MAX_SIGNATORIES })
              : t('signatories.limit', { max: MAX_SIGNATORIES })}
          </Text>
          {hasMe && (
            <Text size="sm" c="dimmed" id="signatories-me">
              {t('signatories.alreadyAdded')}
            </Text>
          )}
        </Stack>
        <VisuallyHidden role="status" aria-live="polite">
          {announcement}
        </VisuallyHidden>
      </Stack>
    </StepFrame>
  );
}
