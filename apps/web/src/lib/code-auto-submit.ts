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
