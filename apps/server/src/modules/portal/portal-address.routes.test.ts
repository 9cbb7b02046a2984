import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../testing/applications.ts';
import { type Builders, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
beforeAll(async () => {
  // 12:00 IST on a working day: inside service hours.
  t = await createTestApp({ now: () => new Date('2026-11-23T12:00:00+05:30') });
  build = buildersFor(t);
});
afterAll(() => t.close());

const saveAddress = (token: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/access/${token}/address`, payload: payload as object });

describe("a signatory's postal address (the register prints it)", () => {
  it('is given in the portal, checked, shown back, and required before Start Notarization', async () => {
    const { id, owner, signatories } = await build.application({
      status: 'ready',
      signatories: [
        { fullName: 'Suresh Nair', address: null },
        { fullName: 'Lata Nair', address: '4 Marine Drive, Kochi 682031' },
      ],
    });
    const token = signatories[0]?.token ?? '';

    // Without it, the notarisation cannot start, and the answer names who is missing.
    const refused = await call(t, 'POST', `/applications/${id}/notary-request`, owner.cookie, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'sessions.address_missing' });
    expect(refused.json().message).toContain('Suresh Nair');
    expect(refused.json().message).not.toContain('Lata Nair');

    // Bad input: 400 with the one error shape, never stored.
    for (const bad of [
      { address: 'short' },
      { address: `12 MG Road\u0000, Kochi 682001` },
      { address: 'x'.repeat(301) },
      { address: ['12 MG Road, Kochi'] },
      { address: '12 MG Road, Kochi 682001', extra: true },
      {},
    ]) {
      const res = await saveAddress(token, bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect((await t.app.inject({ url: `/api/v1/access/${token}` })).json().signatory.address).toBeNull();

    // Lines typed on their own are kept as one line.
    const saved = await saveAddress(token, { address: '  7 Lake View Road\n Ernakulam\n\nKochi 682016 ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().address).toBe('7 Lake View Road, Ernakulam, Kochi 682016');
    expect((await t.app.inject({ url: `/api/v1/access/${token}` })).json().signatory.address).toBe(
      '7 Lake View Road, Ernakulam, Kochi 682016',
    );

    const started = await call(t, 'POST', `/applications/${id}/notary-request`, owner.cookie, {});
    expect(started.statusCode, started.body).toBe(201);
    // Once the notarisation has started the address is fixed: the register entry may already be on its way.
    const late = await saveAddress(token, { address: '9 Other Street, Kochi 682001' });
    expect(late.statusCode).toBe(409);
  });

  it('a link that does not open cannot set one', async () => {
    const res = await saveAddress('A'.repeat(43), { address: '12 MG Road, Bengaluru 560001' });
    expect(res.statusCode).toBe(404);
  });
});
