import { Alert, Button, Stack, Textarea } from '@mantine/core';
import { supportMessageRequest } from '@mohar/contracts';
import { useContractForm } from '@/lib/use-contract-form';

const MESSAGE_MAX_CHARS = 5000;

/**
 * One message to send in a support conversation (a reply, a note, a customer's answer): the contract checks it, the
 * text stays when sending fails, and the field empties once it is sent.
 */
export function MessageComposer(props: {
  label: string;
  description?: string;
  submitLabel: string;
  failureTitle: string;
  translateIssue: (issue: { code: string; message: string }) => string;
  isPending: boolean;
  onSend: (body: string, done: () => void, failed: (error: unknown) => void) => void;
  testId: string;
  color?: string;
}) {
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: supportMessageRequest,
    initialValues: { body: '' },
    translate: ({ code, message }) => props.translateIssue({ code, message }),
  });
  const onValid = onSubmit((request) =>
    props.onSend(
      request.body,
      () => form.reset(),
      (error) => showFailure(error, { fallback: props.failureTitle }),
    ),
  );
  return (
    <form ref={containerRef} onSubmit={onValid} noValidate data-testid={props.testId}>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" variant="light" role="alert" title={props.failureTitle}>
            {failure}
          </Alert>
        )}
        <Textarea
          label={props.label}
          description={props.description}
          name="body"
          required
          autosize
          minRows={3}
          maxRows={12}
          maxLength={MESSAGE_MAX_CHARS}
          {...form.getInputProps('body')}
        />
        <Button
          type="submit"
          loading={props.isPending}
          color={props.color}
          style={{ alignSelf: 'flex-start' }}
        >
          {props.submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
