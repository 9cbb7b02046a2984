/**
 * For whom the signed-in person acts (decision 0068): an organisation's id, or null for their personal account.
 * Kept in this browser's storage and sent with every API call as the `X-Acting-As` header (contracts'
 * ACTING_AS_HEADER), so two tabs may act for different accounts. The server checks it against the person's
 * memberships on every request.
 */
const STORAGE_KEY = 'mohar.actingAs';
export const ACTING_AS_HEADER = 'x-acting-as';
/** The API's answer when the header names an organisation the person no longer belongs to. */
export const NOT_MEMBER_CODE = 'organisations.not_member';

export function actingAs(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setActingAs(organisationId: string | null) {
  try {
    if (organisationId) window.localStorage.setItem(STORAGE_KEY, organisationId);
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the choice lasts as long as the page.
  }
}

/** The header for the current choice (none for the personal account). */
export function actingAsHeaders(): Record<string, string> {
  const id = typeof window === 'undefined' ? null : actingAs();
  return id ? { [ACTING_AS_HEADER]: id } : {};
}
