import { expect, test } from '@playwright/test';
import { type FixtureCookie, signIn, uniqueEmail } from '../fixtures/accounts.ts';
import { API, expectPageReady, paths, SEEDED_URL } from '../fixtures/app.ts';
import { expectAccessibleInEveryVariant } from '../fixtures/axe.ts';

test.describe('the console’s applications and sessions (issue 22)', () => {
  // Three screens, each checked by axe: on a loaded CI machine axe alone took most of the default 30 s (stop 37's run),
  // as in the console's other journeys.
  test.describe.configure({ timeout: 90_000 });
  test('a support admin follows the dashboard to a live session, its record and the application list', async ({
    page,
  }) => {
    const fixture = async <T>(path: string, data: object) => {
      const res = await page.request.post(`${SEEDED_URL}${API}/test-fixtures/${path}`, { data });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as T;
    };
    const title = `Rent agreement ${Date.now()}`;
    const live = await fixture<{ _id: string; signatories: Array<{ fullName: string }> }>('applications', {
      status: 'in_session',
      details: { title },
    });
    const admin = await fixture<{ email: string; password: string; cookie: FixtureCookie }>('users', {
      role: 'admin',
      email: uniqueEmail('support'),
      name: 'Sahil Support',
      mfa: false,
      adminRoles: ['support'],
    });
    await signIn(page, admin);

    await page.goto(paths.dashboard());
    await expectPageReady(page);
    const tile = page.getByTestId('admin-count-sessionsLive');
    await expect(tile).not.toHaveAttribute('data-count', '0');
    await tile.getByRole('link', { name: 'Open live sessions' }).click();

    await expectPageReady(page, 'Sessions');
    const card = page.getByTestId('live-session').filter({ hasText: title });
    await expect(card.getByTestId('recording-state')).toHaveText('Recording not started');
    await expect(
      page.getByTestId('failed-seals-empty').or(page.getByTestId('failed-seal').first()),
    ).toBeVisible();
    await expectAccessibleInEveryVariant(page, { label: 'the sessions page' });

    await card.getByRole('link', { name: title }).click();
    await expectPageReady(page, title);
    await expect(page.getByTestId('admin-application-signatories')).toContainText(
      live.signatories[0]?.fullName ?? '',
    );
    await expect(page.getByTestId('admin-application-timeline')).toContainText('In session');
    await expectAccessibleInEveryVariant(page, { label: 'an application’s record' });

    await page.getByRole('link', { name: 'All applications' }).click();
    await expectPageReady(page, 'Applications');
    await page.getByTestId('admin-applications-search').fill(title);
    await expect(page.getByTestId('admin-application-row')).toHaveCount(1);
    await page.getByTestId('admin-applications-status').selectOption('draft');
    await expect(page.getByTestId('admin-applications-empty')).toBeVisible();
    await expectAccessibleInEveryVariant(page, { label: 'the application list' });
  });
});
