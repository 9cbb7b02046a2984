import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';

/** A read under way, said in words to screen readers too (role=status). */
export function LoadingStatus({ label }: { label: string }) {
  return (
    <Group role="status" gap="sm" py="md">
      <Loader size="sm" aria-hidden="true" />
      <Text>{label}</Text>
    </Group>
  );
}

/** A read that failed: what went wrong, and a retry when asking again could help. */
export function LoadFailure(props: {
  title: string;
  message: string;
  retryLabel: string;
  onRetry?: () => void;
}) {
  return (
    <Alert color="red" variant="light" role="alert" title={props.title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{props.message}</Text>
        {props.onRetry && (
          <Button size="xs" variant="default" onClick={props.onRetry}>
            {props.retryLabel}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
