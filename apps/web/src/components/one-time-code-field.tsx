import { TextInput, type TextInputProps } from '@mantine/core';
import { useCodeAutoSubmit } from '@/lib/code-auto-submit';

/**
 * A code from an authenticator app (or a recovery code): one-time-code autofill and a number pad by default. The
 * form is sent as soon as a 6-digit code is complete, once: after a refusal only an edited code is sent again. The
 * submit button stays for recovery codes and keyboards.
 */
export function OneTimeCodeField({ onChange, ...props }: TextInputProps) {
  const autoSubmit = useCodeAutoSubmit<HTMLInputElement>(
    typeof props.value === 'string' ? props.value : null,
  );
  return (
    <TextInput
      ref={autoSubmit.ref}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      required
      {...props}
      onChange={(event) => {
        autoSubmit.onEdit();
        onChange?.(event);
      }}
    />
  );
}
