import { TextInput, type TextInputProps } from '@mantine/core';

/** A notary's registration number, as printed on the certificate of practice (letters in capitals). */
export function RegistrationNumberField(props: TextInputProps) {
  return <TextInput name="registrationNumber" autoCapitalize="characters" spellCheck={false} {...props} />;
}
