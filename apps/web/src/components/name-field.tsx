import { TextInput, type TextInputProps } from '@mantine/core';

/** A person's full name, with the browser's name autofill. */
export function NameField(props: TextInputProps) {
  return <TextInput name="name" autoComplete="name" required {...props} />;
}
