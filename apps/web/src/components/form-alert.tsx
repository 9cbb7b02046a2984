import { Alert, type AlertProps } from '@mantine/core';

/**
 * A form's message about the whole submit (not one field). Errors are announced (role="alert") and can take focus
 * (useFailureFocus); good news is a polite status.
 */
export function FormAlert({
  tone,
  ...props
}: AlertProps & { tone: 'error' | 'success' | 'warning' | 'info' }) {
  const color = { error: 'red', success: 'green', warning: 'yellow', info: 'ink' }[tone];
  return (
    <Alert
      color={color}
      variant="light"
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      tabIndex={-1}
      data-failure-focus={tone === 'error' || tone === 'warning' ? true : undefined}
      {...props}
    />
  );
}
