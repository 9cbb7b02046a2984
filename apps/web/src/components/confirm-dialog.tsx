import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** "Are you sure?" before a step that cannot be undone from here. Focus is trapped and returns on close (Mantine). */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  isPending?: boolean;
  /** While true nothing closes the dialog: the step under way can no longer be undone. */
  isLocked?: boolean;
  isDestructive?: boolean;
  /** Why the last try failed, shown under the body (the dialog stays open so it can be tried again). */
  failure?: ReactNode;
  /** A data-testid for the confirm button. */
  confirmTestId?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered
      withCloseButton={!props.isLocked}
      closeOnEscape={!props.isLocked}
      closeOnClickOutside={!props.isLocked}
      closeButtonProps={{ 'aria-label': props.closeLabel }}
    >
      <Stack gap="lg">
        {typeof props.body === 'string' ? <Text>{props.body}</Text> : props.body}
        {props.failure && (
          <Alert color="red" variant="light" role="alert">
            {props.failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} disabled={props.isLocked} data-autofocus>
            {props.cancelLabel}
          </Button>
          <Button
            // Shade 9: white on Mantine's default filled red is 4.0:1, under WCAG AA.
            color={props.isDestructive ? 'red.9' : undefined}
            loading={props.isPending}
            onClick={props.onConfirm}
            data-testid={props.confirmTestId}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
