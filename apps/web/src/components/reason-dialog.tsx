import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import type { z } from 'zod/mini';
import { FormAlert } from '@/components/form-alert';
import type { TranslateIssue } from '@/lib/form-validation';
import { useContractForm } from '@/lib/use-contract-form';

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
  /** Characters the field takes (the contract's maximum); 1000 unless given. */
  maxLength?: number;
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
  const { form, onSubmit, containerRef } = useContractForm({
    schema: props.schema,
    initialValues: { reason: '' },
    translate: props.translateIssue ?? (() => props.fallback),
  });
  const onValid = onSubmit((request) => {
    if (!props.isPending) props.onConfirm(request.reason ?? '');
  });

  const onClose = () => {
    form.reset();
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
      <form ref={containerRef} onSubmit={onValid} noValidate data-testid={props.testIds.form}>
        <Stack gap="md">
          {props.intro}
          {props.failure && <FormAlert tone="error">{props.failure}</FormAlert>}
          <Textarea
            label={props.label}
            description={props.hint}
            required={props.required ?? true}
            autosize
            minRows={3}
            maxLength={props.maxLength ?? MAX_REASON}
            {...form.getInputProps('reason')}
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
