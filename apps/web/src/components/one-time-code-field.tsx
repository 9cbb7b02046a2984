import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { nextAutoSubmit } from '@/lib/code-auto-submit';

/**
 * A code from an authenticator app (or a recovery code): one-time-code autofill and a number pad by default. The
 * form is sent as soon as a 6-digit code is complete (typed, pasted or autofilled), once: after a refusal it is
 * sent again only when the code has been edited. The submit button stays for recovery codes and keyboards.
 */
export function OneTimeCodeField({ onChange, ...props }: TextInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const lastSent = useRef<string | null>(null);
  const isEdited = useRef(false);
  const value = typeof props.value === 'string' ? props.value : null;

  // After the render that shows the new value, so the form's own state already holds it when it is sent.
  useEffect(() => {
    if (value === null || !isEdited.current) return;
    isEdited.current = false;
    const next = nextAutoSubmit(value, lastSent.current);
    lastSent.current = next.lastSent;
    if (next.submit) inputRef.current?.form?.requestSubmit();
  }, [value]);

  return (
    <TextInput
      ref={inputRef}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      required
      {...props}
      onChange={(event) => {
        isEdited.current = true;
        onChange?.(event);
      }}
    />
  );
}
