import { useEffect, useRef } from 'react';

const SIX_DIGITS = /^\d{6}$/;

/**
 * Whether a code field's new value should send its form: a 6-digit code that has just become complete, and not
 * the very code already sent (a refused code is not sent again by every re-render, only after an edit). `lastSent`
 * is forgotten as soon as the code is incomplete, so deleting a digit and typing it again sends once more.
 */
export function nextAutoSubmit(
  value: string,
  lastSent: string | null,
): { submit: boolean; lastSent: string | null } {
  const code = value.trim();
  if (!SIX_DIGITS.test(code)) return { submit: false, lastSent: null };
  if (code === lastSent) return { submit: false, lastSent };
  return { submit: true, lastSent: code };
}

/**
 * Sends the enclosing form when a 6-digit code is complete (typed, pasted or autofilled), by the rule above. Give
 * `ref` to an element inside the form and call `onEdit` from the field's change handler: only the person's own
 * edits send, never a value set by the page. Runs after the render that shows the value, so the form's own state
 * already holds it when it is sent.
 */
export function useCodeAutoSubmit<E extends HTMLElement>(value: string | null) {
  const ref = useRef<E>(null);
  const lastSent = useRef<string | null>(null);
  const isEdited = useRef(false);
  useEffect(() => {
    if (value === null) return;
    const isOwnEdit = isEdited.current;
    isEdited.current = false;
    const next = nextAutoSubmit(value, lastSent.current);
    // A code the page set (or cleared after a refusal) is never sent; clearing it still counts as an edit.
    if (!isOwnEdit) {
      if (!next.submit) lastSent.current = next.lastSent;
      return;
    }
    lastSent.current = next.lastSent;
    if (next.submit) ref.current?.closest('form')?.requestSubmit();
  }, [value]);
  return {
    ref,
    onEdit: () => {
      isEdited.current = true;
    },
  };
}
