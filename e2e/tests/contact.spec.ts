import { expect, type Locator, type Page, test } from '@playwright/test';
import { API, expectPageReady, locale, paths } from '../fixtures/app.ts';

const TYPED_MOBILE = '98765 43210';

type ContactStrings = {
  demoIntro: string;
  topics: Record<string, string>;
  form: { topicPlaceholder: string };
  errors: {
    name: { too_small: string };
    email: { invalid_format: string };
    phone: { invalid_format: string };
    topic: { invalid_value: string };
    message: { too_small: string };
  };
};
const en = locale<ContactStrings>('en', 'contact');

// The server allows 5 tickets per 10 minutes per address: this file sends exactly one.
const TICKETS = `${API}/support/tickets`;

const form = (page: Page) => page.getByRole('region', { name: 'Send us a message' });
const field = {
  name: (page: Page) => form(page).getByRole('textbox', { name: 'Full name' }),
  email: (page: Page) => form(page).getByRole('textbox', { name: 'E-mail' }),
  phone: (page: Page) => form(page).getByRole('textbox', { name: 'Mobile number (optional)' }),
  topic: (page: Page) => form(page).getByRole('combobox', { name: 'Topic' }),
  message: (page: Page) => form(page).getByRole('textbox', { name: 'Your message' }),
};
/** The field is marked invalid and its error is part of its accessible description (read out with it). */
async function expectError(input: Locator, message: string) {
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(form(input.page()).getByRole('paragraph').filter({ hasText: message })).toBeVisible();
}

async function expectNoError(input: Locator) {
  await expect(input).not.toHaveAttribute('aria-invalid', 'true');
}

const submit = (page: Page) => form(page).getByRole('button', { name: 'Send message' });

async function openContact(page: Page, url: string = paths.contact()) {
  await page.goto(url);
  await expectPageReady(page, 'Customer Support');
  await expect(submit(page)).toBeVisible();
}

/** Records every ticket request the page makes. */
function watchTickets(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(TICKETS)) sent.push(request.method());
  });
  return sent;
}

test.describe('contact form', () => {
  test('submits and shows the confirmation with a MOH-XXXX-XXXX reference', async ({ page }) => {
    await openContact(page);
    const stamp = Date.now().toString(36);
    const email = `e2e.contact.${stamp}@example.com`;
    await field.name(page).fill('Asha Verma');
    await field.email(page).fill(email);
    // A synthetic mobile number; the form sends it normalised to +91 and ten digits.
    await field.phone(page).fill(TYPED_MOBILE);
    await field.topic(page).selectOption({ label: en.topics.notarisation! });
    await field.message(page).fill(`My affidavit session did not start (e2e run ${stamp}). Please help.`);

    const answered = page.waitForResponse(
      (r) => r.url().endsWith(TICKETS) && r.request().method() === 'POST',
    );
    await submit(page).click();
    const response = await answered;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      name: 'Asha Verma',
      email,
      phone: `+91${TYPED_MOBILE.replace(' ', '')}`,
      topic: 'notarisation',
    });
    const body = (await response.json()) as { reference: string; message: string };
    expect(body.reference).toMatch(/^MOH-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    const heading = page.getByRole('heading', { name: 'Message received' });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    const shown = page.getByText(/^MOH-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await expect(shown).toHaveText(body.reference);
    await expect(page.getByText(body.message)).toBeVisible();
    await expect(submit(page)).toHaveCount(0);

    // "Send another message" brings back an empty form.
    await page.getByRole('button', { name: 'Send another message' }).click();
    await expect(field.name(page)).toHaveValue('');
    await expect(field.message(page)).toHaveValue('');
  });

  test('invalid input shows field errors and sends nothing', async ({ page }) => {
    await openContact(page);
    const sent = watchTickets(page);

    await submit(page).click();
    await expectError(field.name(page), en.errors.name.too_small);
    await expectError(field.email(page), en.errors.email.invalid_format);
    await expectError(field.topic(page), en.errors.topic.invalid_value);
    await expectError(field.message(page), en.errors.message.too_small);
    await expectNoError(field.phone(page));
    // Focus goes to the first field that needs attention.
    await expect(field.name(page)).toBeFocused();

    // Fixing some fields but giving a bad e-mail, a bad phone and a short message still sends nothing.
    await field.name(page).fill('Ravi Kumar');
    await expectNoError(field.name(page));
    await field.email(page).fill('ravi@');
    await field.phone(page).fill('12345');
    await field.topic(page).selectOption('payments');
    await field.message(page).fill('Too short');
    await submit(page).click();
    await expectError(field.email(page), en.errors.email.invalid_format);
    await expectError(field.phone(page), en.errors.phone.invalid_format);
    await expectError(field.message(page), en.errors.message.too_small);
    await expectNoError(field.name(page));
    await expectNoError(field.topic(page));
    await expect(field.email(page)).toBeFocused();
    // What was typed stays in the form.
    await expect(field.message(page)).toHaveValue('Too short');

    await expect(page.getByRole('heading', { name: 'Message received' })).toHaveCount(0);
    expect(sent, 'no ticket request for invalid input').toEqual([]);
  });

  test('?topic=demo preselects the demo topic; other pages start with no topic', async ({ page }) => {
    await openContact(page, paths.contact({ topic: 'demo' }));
    await expect(field.topic(page)).toHaveValue('demo');
    await expect(field.topic(page).locator('option:checked')).toHaveText(en.topics.demo!);
    await expect(page.getByText(en.demoIntro)).toBeVisible();

    await openContact(page, paths.contact({ topic: 'not-a-topic' }));
    await expect(field.topic(page)).toHaveValue('');
    await expect(field.topic(page).locator('option:checked')).toHaveText(en.form.topicPlaceholder);
    await expect(page.getByText(en.demoIntro)).toHaveCount(0);
  });
});
