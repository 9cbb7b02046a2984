import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { z } from 'zod/mini';
import { FormAlert } from '@/components/form-alert';
import { type TranslateIssue, validateForm } from '@/lib/form-validation';
import { useFailureFocus } from '@/lib/use-failure-focus';

const MAX_REASON = 1000;

/**
 * A decision that carries a written reason (reject, suspend, mark failed, ask for a refund): the text is checked with
 * the request's own contract schema (`{ reason }`) before it is sent, and the dialog stays open on failure.
 */
export function ReasonDialog(props: {
  opened: boolean;
  title: string;
  /** What the decision does, above the field. */
  intro?: ReactNode;
  label: string;
  hint: string;
  required?: boolean;
  schema: z.core.$ZodType<{ reason?: string | undefined }>;
  /** The field's message for a schema problem; `fallback` when none is given or the problem has no field. */
  translateIssue?: TranslateIssue<'reason'>;
  fallback: string;
  cancelLabel: string;
  confirmLabel: string;
  closeLabel: string;
  isDestructive?: boolean;
  isPending: boolean;
  failure: string | null;
  testIds: { form?: string; field: string; confirm: string };
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { containerRef, focusFailure } = useFailureFocus<HTMLFormElement>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (props.isPending) return;
    const result = validateForm({
      schema: props.schema,
      values: { reason },
      fields: ['reason'] as const,
      translate: props.translateIssue ?? (() => props.fallback),
    });
    if (!result.ok) {
      setError(result.errors.reason ?? props.fallback);
      focusFailure();
      return;
    }
    props.onConfirm(result.data.reason ?? '');
  };

  const onClose = () => {
    setReason('');
    setError(null);
    props.onClose();
  };

  return (
    <Modal
      opened={props.opened}
      onClose={onClose}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': props.closeLabel }}
    >
      <form ref={containerRef} onSubmit={onSubmit} noValidate data-testid={props.testIds.form}>
        <Stack gap="md">
          {props.intro}
          {props.failure && <FormAlert tone="error">{props.failure}</FormAlert>}
          <Textarea
            label={props.label}
            description={props.hint}
            required={props.required ?? true}
            autosize
            minRows={3}
            maxLength={MAX_REASON}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
            data-testid={props.testIds.field}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {props.cancelLabel}
            </Button>
            <Button
              type="submit"
              // Shade 9: white on Mantine's default filled red is 4.0:1, under WCAG AA.
              color={props.isDestructive ? 'red.9' : undefined}
              loading={props.isPending}
              data-testid={props.testIds.confirm}
            >
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
