import { TextInput, type TextInputProps } from '@mantine/core';

/** A required e-mail address field, with the browser's e-mail keyboard and autofill. */
export function EmailField(props: TextInputProps) {
  return <TextInput name="email" type="email" autoComplete="email" inputMode="email" required {...props} />;
}
