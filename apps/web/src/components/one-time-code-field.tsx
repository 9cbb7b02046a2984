import { TextInput, type TextInputProps } from '@mantine/core';

/** A code from an authenticator app (or a recovery code): one-time-code autofill and a number pad by default. */
export function OneTimeCodeField(props: TextInputProps) {
  return <TextInput name="code" autoComplete="one-time-code" inputMode="numeric" required {...props} />;
}
