import { expect, test } from '@playwright/test';
import { expectPageReady, paths } from '../fixtures/app.ts';

test.describe('legal pages', () => {
  test('Terms: last updated 03/01/2025, effective 01.01.2025, New Delhi arbitration, claims within one year', async ({
    page,
  }) => {
    await page.goto(paths.legal.terms());
    await expectPageReady(page, 'General Terms and Conditions');
    await expect(page).toHaveTitle(/General Terms and Conditions/);
    const main = page.getByRole('main');
    await expect(main.getByText('Last updated: 03/01/2025')).toBeVisible();
    await expect(main.getByText(/Effective from 01\.01\.2025/)).toBeVisible();
    await expect(main.getByText(/These Terms take effect on 01\.01\.2025/)).toBeVisible();

    // Spec §9: 30 business days of good-faith talks, then one arbitrator in New Delhi; claims within one year.
    await expect(main.getByText(/settle it by discussion for 30 business days/)).toBeVisible();
    const arbitration = main.getByText(/by arbitration before a sole arbitrator/);
    await expect(arbitration).toBeVisible();
    await expect(arbitration).toContainText('The seat of arbitration is New Delhi');
    await expect(main.getByText(/Any claim must be brought within (1|one) year of the event/)).toBeVisible();
    // Spec §9: minimum age 18.
    await expect(main.getByText(/at least 18 years old/)).toBeVisible();
  });

  test('Refund Policy: within 5 days, credited within 5 business days, to the wallet only', async ({
    page,
  }) => {
    await page.goto(paths.legal.refund());
    await expectPageReady(page, 'Refund Policy');
    await expect(page).toHaveTitle(/Refund Policy/);
    const main = page.getByRole('main');
    await expect(main.getByText('Ask within 5 days of the failed service.')).toBeVisible();
    await expect(
      main.getByText('Approved refunds are credited to your Mohar wallet within 5 business days.'),
    ).toBeVisible();
    await expect(main.getByText(/^Refunds go only to your Mohar wallet\./)).toBeVisible();
    await expect(main.getByText(/Every refund is credited only to your Mohar wallet/)).toBeVisible();
  });

  test('Privacy Policy: a data table with a 90-day retention row for identity documents', async ({
    page,
  }) => {
    await page.goto(paths.legal.privacy());
    await expectPageReady(page, 'Data Privacy Policy');
    await expect(page).toHaveTitle(/Data Privacy Policy/);
    const table = page.getByRole('main').getByRole('table');
    await expect(table).toHaveCount(1);
    await expect(table.getByRole('columnheader')).toHaveText([
      'Data',
      'Why we use it',
      'How long we keep it',
    ]);

    const identity = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /Identity documents/ }) });
    await expect(identity).toHaveCount(1);
    await expect(identity.getByRole('rowheader')).toContainText('selfies and headshot copies');
    await expect(identity.getByRole('cell').last()).toHaveText(/^90 days after capture, then deleted/);
    // Spec §9: consent withdrawal needs 30 days' written notice.
    await expect(page.getByRole('main').getByText(/30 days' written notice/)).toBeVisible();
  });
});
