/**
 * login.html draws the login card in its frame (docs/decisions/0028, vite-plugins/login-page.ts) so /login paints
 * without a script. Its inputs are live: a visitor may type, or the browser autofill, before the app has loaded.
 * Right before the app's first render replaces the card, what was typed and which field had focus are read here;
 * the login form starts from them (features/auth/components/login-form.tsx), so nothing typed is lost.
 */
const HTML_LOGIN = '[data-testid="boot-login"]';

export type HtmlLoginInput = { email: string; password: string; focused: 'email' | 'password' | null };

let adopted: HtmlLoginInput | null = null;

/** Whether this document is login.html with its card still in place. */
export function hasHtmlLogin(doc: Document = document): boolean {
  return doc.querySelector(HTML_LOGIN) !== null;
}

/**
 * Keeps the card's values and focused field, then removes the card: the app's render follows in the same task, so
 * no frame shows the page without it and no keystroke falls between the two.
 */
export function adoptHtmlLogin(doc: Document = document): void {
  const card = doc.querySelector(HTML_LOGIN);
  if (!card) return;
  const fieldValue = (name: string) =>
    card.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value ?? '';
  const active = doc.activeElement;
  const focusedName = active && card.contains(active) ? active.getAttribute('name') : null;
  adopted = {
    email: fieldValue('email'),
    password: fieldValue('password'),
    focused: focusedName === 'email' || focusedName === 'password' ? focusedName : null,
  };
  card.remove();
}

/** What the card held when the app took over (null when the page did not start from login.html). */
export function adoptedHtmlLogin(): HtmlLoginInput | null {
  return adopted;
}

/** The login form has taken the values over: a later visit to the screen starts empty. */
export function forgetHtmlLogin(): void {
  adopted = null;
}
