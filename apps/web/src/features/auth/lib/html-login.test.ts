// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { loginHtml } from '../../../../vite-plugins/login-page.ts';
import { adoptedHtmlLogin, adoptHtmlLogin, forgetHtmlLogin, hasHtmlLogin } from './html-login';

// login.html's card is live before the app has loaded (docs/decisions/0028): what a visitor typed into it is what
// the app's login form starts from.
const texts = { auth: { login: {}, fields: {} }, layout: { banner: {} } };

function showCard() {
  document.body.innerHTML = `<div id="root">${loginHtml({ en: texts, hi: texts })}</div>`;
  const input = (name: string) => document.querySelector<HTMLInputElement>(`#root input[name="${name}"]`)!;
  return { email: input('email'), password: input('password') };
}

afterEach(() => {
  forgetHtmlLogin();
  document.body.innerHTML = '';
});

describe('taking over login.html’s card', () => {
  it('keeps the typed address and password and the field that had focus, then removes the card', () => {
    const card = showCard();
    card.email.value = 'asha@example.com';
    card.password.value = 'a long pass phrase';
    card.password.focus();
    expect(hasHtmlLogin()).toBe(true);

    adoptHtmlLogin();

    expect(adoptedHtmlLogin()).toEqual({
      email: 'asha@example.com',
      password: 'a long pass phrase',
      focused: 'password',
    });
    expect(hasHtmlLogin()).toBe(false);
    expect(document.getElementById('root')?.childElementCount).toBe(0);
  });

  it('keeps no focus when the visitor was not in a field, and empty values when nothing was typed', () => {
    showCard();
    adoptHtmlLogin();
    expect(adoptedHtmlLogin()).toEqual({ email: '', password: '', focused: null });
  });

  it('is taken once: after the form has used it, a later login screen starts empty', () => {
    const card = showCard();
    card.email.value = 'asha@example.com';
    adoptHtmlLogin();
    forgetHtmlLogin();
    expect(adoptedHtmlLogin()).toBeNull();
  });

  it('does nothing on a page that did not start from login.html', () => {
    document.body.innerHTML = '<div id="root"><div data-testid="boot-frame"></div></div>';
    adoptHtmlLogin();
    expect(adoptedHtmlLogin()).toBeNull();
    expect(document.querySelector('[data-testid="boot-frame"]')).not.toBeNull();
  });
});
