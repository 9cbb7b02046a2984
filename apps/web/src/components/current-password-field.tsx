import type { PasswordInputProps } from '@mantine/core';
import { PasswordField } from './password-field';

/** The password the user has now (sign in, or proving it is them), with the browser's saved-password autofill. */
export function CurrentPasswordField(props: PasswordInputProps) {
  return <PasswordField name="password" autoComplete="current-password" required {...props} />;
}
