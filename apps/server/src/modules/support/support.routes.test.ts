import { supportTicketResponse } from '@mohar/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportTickets } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// A synthetic mobile number (+91 and ten digits), typed with a space; it is stored normalised, without one.
const TYPED_MOBILE = '98765 43210';
const STORED_MOBILE = `+91${TYPED_MOBILE.replace(' ', '')}`;

const valid = {
  name: 'Asha Verma',
  email: 'asha@example.in',
  phone: TYPED_MOBILE,
  topic: 'demo',
  message: 'We would like a demo for our law firm next week.',
};

// Each case comes from its own address so the per-IP rate limit does not mix the cases.
let ipCounter = 10;
const send = (payload: unknown, ip = `10.0.0.${ipCounter++}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/support/tickets',
    payload: payload as object,
    remoteAddress: ip,
  });

describe('POST /api/v1/support/tickets', () => {
  it('stores the ticket and answers 201 with a reference', async () => {
    const res = await send(valid);
    expect(res.statusCode).toBe(201);
    const body = supportTicketResponse.parse(res.json());
    expect(body.reference).toMatch(/^MOH-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const [row] = await t.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.reference, body.reference));
    expect(row).toMatchObject({
      name: 'Asha Verma',
      email: 'asha@example.in',
      phone: STORED_MOBILE,
      topic: 'demo',
    });
  });

  it('accepts a ticket without a phone number', async () => {
    const { phone: _phone, ...withoutPhone } = valid;
    expect((await send(withoutPhone)).statusCode).toBe(201);
    expect((await send({ ...withoutPhone, phone: '' })).statusCode).toBe(201);
  });

  it('answers 400 with the path of every bad field', async () => {
    const res = await send({ name: 'A', email: 'nope', phone: '12345', topic: 'gossip', message: 'short' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('request.invalid');
    const paths = (body.details as Array<{ path: string }>).map((d) => d.path).sort();
    expect(paths).toEqual(['body.email', 'body.message', 'body.name', 'body.phone', 'body.topic']);
  });

  it('refuses unknown fields, and a missing body, without a 500', async () => {
    expect((await send({ ...valid, status: 'closed' })).statusCode).toBe(400);
    const empty = await t.app.inject({ method: 'POST', url: '/api/v1/support/tickets' });
    expect(empty.statusCode).toBe(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support/tickets',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toHaveProperty('code');
  });

  it('limits one address to 5 tickets in 10 minutes', async () => {
    const ip = '10.9.9.9';
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await send(valid, ip)).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    const limited = await send(valid, ip);
    expect(limited.json()).toMatchObject({ code: 'request.rate_limited' });
  });

  it('refuses a request sent from another site (CSRF defence)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support/tickets',
      payload: valid,
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
      remoteAddress: '10.1.1.1',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'request.cross_site' });
    const sameSite = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support/tickets',
      payload: valid,
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
      remoteAddress: '10.1.1.2',
    });
    expect(sameSite.statusCode).toBe(201);
  });
});
