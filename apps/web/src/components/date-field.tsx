import { TextInput, type TextInputProps } from '@mantine/core';

/** A calendar date (YYYY-MM-DD), with the browser's own date picker. */
export function DateField(props: TextInputProps) {
  return <TextInput type="date" {...props} />;
}
