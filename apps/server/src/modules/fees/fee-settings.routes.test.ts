import { GST_RATE_PERCENT } from '@mohar/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeSettings, users } from '../../db/schema.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import { creditWallet } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { gstOn } from '../applications/fees.ts';

let t: TestApp;
let build: Builders;
let admin: BuiltUser;
let adminName: string;
let client: BuiltUser;

beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX_WEBHOOK_DELAY_MS: '600000' } });
  build = buildersFor(t);
  admin = await build.admin();
  const [row] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, admin.id));
  adminName = row?.name ?? '';
  client = await build.user();
});
afterAll(() => t.close());

/** Every fee different from the defaults, so a stale value cannot pass for a new one. */
const NEW_SETTINGS = {
  platformFeePaise: 49_900,
  notarialFees: { attest_execution: 25_000, affidavit_oath: 30_000, true_copy: 15_000, translation: 40_000 },
  extraSignatoryFeePaise: 12_000,
  includedSignatories: 1,
  gstRatePercent: 18,
};

const viewSettings = async (cookie = admin.cookie) => {
  const res = await call(t, 'GET', '/admin/fee-settings', cookie);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const putSettings = (body: object, cookie = admin.cookie) =>
  call(t, 'PUT', '/admin/fee-settings', cookie, body);
const feeOf = async (id: string) => {
  const res = await call(t, 'GET', `/applications/${id}`, client.cookie);
  expect(res.statusCode).toBe(200);
  return res.json().application.fee as {
    lines: Array<{ code: string; label: string; amountPaise: number }>;
    totalPaise: number;
    isFinal: boolean;
  };
};
const submit = async (id: string) => {
  const res = await call(t, 'POST', `/applications/${id}/submit`, client.cookie, {});
  expect(res.statusCode).toBe(200);
  return res.json().application;
};
const amountOf = (lines: Array<{ code: string; amountPaise: number }>, code: string) =>
  lines.find((line) => line.code === code)?.amountPaise;

describe('fee settings', () => {
  it('before any change, the configured defaults are in force and the history is empty', async () => {
    const { current, history } = await viewSettings();
    expect(current).toMatchObject({
      platformFeePaise: t.config.fees.platformPaise,
      notarialFees: t.config.fees.notarialPaiseByAct,
      extraSignatoryFeePaise: t.config.fees.extraSignatoryPaise,
      includedSignatories: t.config.fees.includedSignatories,
      gstRatePercent: GST_RATE_PERCENT,
      changedBy: null,
    });
    expect(GST_RATE_PERCENT).toBe(18);
    expect(history).toEqual([]);
    const pricing = (await call(t, 'GET', '/pricing')).json();
    expect(pricing.platformFeePaise).toBe(t.config.fees.platformPaise);
  });

  it('a change applies to quotes and submissions from then on; an application submitted before keeps its fee', async () => {
    // Submitted under the defaults, before the change.
    const earlier = (await build.application({ owner: client })).id;
    const submittedBefore = await submit(earlier);
    const oldTotal = submittedBefore.fee.totalPaise as number;
    const defaults = t.config.fees;
    expect(oldTotal).toBe(
      defaults.platformPaise + gstOn(defaults.platformPaise, 18) + defaults.notarialPaiseByAct.affidavit_oath,
    );
    const draft = (await build.application({ owner: client })).id;

    const res = await putSettings(NEW_SETTINGS);
    expect(res.statusCode).toBe(200);
    const { current, history } = res.json();
    expect(current).toMatchObject({ ...NEW_SETTINGS, changedBy: adminName });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ ...NEW_SETTINGS, _id: current._id, changedBy: adminName });
    expect(Date.now() - Date.parse(history[0].changedAt)).toBeLessThan(60_000);
    expect(await viewSettings()).toEqual({ current, history });

    const pricing = (await call(t, 'GET', '/pricing')).json();
    expect(pricing).toMatchObject({
      platformFeePaise: 49_900,
      gstRatePercent: 18,
      includedSignatories: 1,
      extraSignatoryFeePaise: 12_000,
    });
    expect(pricing.notarialFees).toEqual(
      expect.arrayContaining([
        { act: 'affidavit_oath', feePaise: 30_000 },
        { act: 'translation', feePaise: 40_000 },
      ]),
    );

    // The draft's live quote follows the new settings (an affidavit, one signatory).
    const quote = await feeOf(draft);
    const newTotal = 49_900 + gstOn(49_900, 18) + 30_000;
    expect(quote).toMatchObject({ isFinal: false, totalPaise: newTotal });
    expect(amountOf(quote.lines, 'platform_fee')).toBe(49_900);
    expect(amountOf(quote.lines, 'gst')).toBe(8_982);
    expect(amountOf(quote.lines, 'notarial_fee')).toBe(30_000);

    // The application submitted before keeps its fee, and that is what checkout charges.
    const kept = await feeOf(earlier);
    expect(kept).toMatchObject({ isFinal: true, totalPaise: oldTotal });
    expect(amountOf(kept.lines, 'platform_fee')).toBe(defaults.platformPaise);
    await creditWallet(t, client.id, oldTotal);
    const paid = await call(t, 'POST', `/applications/${earlier}/checkout`, client.cookie, {
      walletPaise: oldTotal,
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().next).toEqual({ kind: 'paid' });
    expect(paid.json().payment).toMatchObject({ amountPaise: oldTotal, receipt: { totalPaise: oldTotal } });

    // Submitted now, the draft's fee is fixed at the new settings.
    const submittedAfter = await submit(draft);
    expect(submittedAfter.fee).toMatchObject({ isFinal: true, totalPaise: newTotal });
  });

  it('refuses invalid settings and non-admins, and keeps the history as it was', async () => {
    const before = (await viewSettings()).history.length;
    const invalid: Array<[string, object]> = [
      ['an unknown field', { ...NEW_SETTINGS, discountPaise: 100 }],
      ['an unknown act', { ...NEW_SETTINGS, notarialFees: { ...NEW_SETTINGS.notarialFees, apostille: 1 } }],
      [
        'a missing act',
        { ...NEW_SETTINGS, notarialFees: { attest_execution: 1, affidavit_oath: 1, true_copy: 1 } },
      ],
      ['a negative amount', { ...NEW_SETTINGS, platformFeePaise: -1 }],
      [
        'a negative notarial fee',
        { ...NEW_SETTINGS, notarialFees: { ...NEW_SETTINGS.notarialFees, true_copy: -500 } },
      ],
      ['fractional paise', { ...NEW_SETTINGS, extraSignatoryFeePaise: 100.5 }],
      ['an amount as text', { ...NEW_SETTINGS, platformFeePaise: '49900' }],
      ['no included signatory', { ...NEW_SETTINGS, includedSignatories: 0 }],
      ['a GST rate over 28%', { ...NEW_SETTINGS, gstRatePercent: 29 }],
      ['a fractional GST rate', { ...NEW_SETTINGS, gstRatePercent: 12.5 }],
      ['nothing', {}],
    ];
    for (const [what, body] of invalid) {
      const res = await putSettings(body);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().code, what).toBe('request.invalid');
    }

    expect((await putSettings(NEW_SETTINGS, client.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/admin/fee-settings', client.cookie)).statusCode).toBe(404);
    expect((await call(t, 'PUT', '/admin/fee-settings', undefined, NEW_SETTINGS)).statusCode).toBe(401);
    expect((await viewSettings()).history).toHaveLength(before);
  });

  it('the history is append-only: the database refuses to change or delete a version', async () => {
    await expect(t.db.execute(sql`update fee_settings set platform_paise = 1`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from fee_settings`)).rejects.toThrow();
    const rows = await t.db.select().from(feeSettings);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.platformPaise !== 1)).toBe(true);
  });

  it('a new GST rate applies to new quotes, rounded to the nearest paisa with halves up', async () => {
    const draft = (await build.application({ owner: client })).id;
    // 5% of ₹299.50 is ₹14.975: half a paisa, rounded up to ₹14.98.
    const res = await putSettings({ ...NEW_SETTINGS, platformFeePaise: 29_950, gstRatePercent: 5 });
    expect(res.statusCode).toBe(200);
    const { current, history } = res.json();
    expect(current.gstRatePercent).toBe(5);
    // Newest first, and the earlier version is still there as it was.
    expect(history).toHaveLength(2);
    expect(history[0]._id).toBe(current._id);
    expect(history[1]).toMatchObject(NEW_SETTINGS);
    expect((await call(t, 'GET', '/pricing')).json().gstRatePercent).toBe(5);

    const quote = await feeOf(draft);
    const gst = quote.lines.find((line) => line.code === 'gst');
    expect(gst).toMatchObject({ amountPaise: 1_498, label: expect.stringContaining('5%') });
    expect(gstOn(29_950, 5)).toBe(1_498);
    expect(quote.totalPaise).toBe(29_950 + 1_498 + 30_000);

    // 12% of ₹299.01 is ₹35.8812: rounded down to ₹35.88.
    expect(
      (await putSettings({ ...NEW_SETTINGS, platformFeePaise: 29_901, gstRatePercent: 12 })).statusCode,
    ).toBe(200);
    const lower = await feeOf(draft);
    expect(amountOf(lower.lines, 'gst')).toBe(3_588);
    const submitted = await submit(draft);
    expect(submitted.fee).toMatchObject({ isFinal: true, totalPaise: 29_901 + 3_588 + 30_000 });
  });
});
