import { Text, TextInput, type TextInputProps } from '@mantine/core';

/** An Indian mobile number: the ten digits typed after the +91 shown beside the field. */
export function MobileNumberField(props: TextInputProps) {
  return (
    <TextInput
      name="mobile"
      type="tel"
      autoComplete="tel-national"
      inputMode="numeric"
      required
      leftSection={
        <Text size="sm" fw={600} aria-hidden>
          +91
        </Text>
      }
      leftSectionWidth={48}
      {...props}
    />
  );
}
