import { CONSENT } from '@mohar/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalEmailCodes, signatoryConsents } from '../../db/schema.ts';
import { latestMailTo, mailsTo, nextClientAddress } from '../../testing/accounts.ts';
import { SIGNATORY } from '../../testing/applications.ts';
import { type Builders, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
});
afterAll(() => t.close());

let counter = 0;

/** A paid application with one signatory; returns the signatory's personal link token. */
async function invitedSignatory() {
  counter += 1;
  const owner = await build.user({ name: 'Asha Kulkarni' });
  const email = `meera.iyer.${counter}@example.in`;
  const { id, signatories } = await build.application({
    status: 'paid',
    owner,
    signatories: [{ ...SIGNATORY, fullName: 'Meera Iyer', email }],
  });
  return { owner, id, email, token: signatories[0]?.token ?? '' };
}

/** Each signatory from their own address, so the per-address route limits count one person's requests. */
const addresses = new Map<string, string>();
const addressOf = (token: string) => {
  if (!addresses.has(token)) addresses.set(token, nextClientAddress());
  return addresses.get(token) ?? '';
};
const step = (token: string, path: string, payload: object = {}, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/access/${token}${path}`,
    payload,
    headers,
    remoteAddress: addressOf(token),
  });

async function codeFor(email: string) {
  const mail = await latestMailTo(t, email);
  const code = mail?.subject.match(/^(\d{6}) is your Mohar confirmation code$/)?.[1];
  if (!code) throw new Error(`no code mail: ${mail?.subject}`);
  return code;
}

/** Moves the code's clock back, as if `seconds` had passed since it was sent. */
async function age(email: string, seconds: number) {
  await t.db.execute(
    sql`update ${portalEmailCodes} set created_at = created_at - make_interval(secs => ${seconds}),
        expires_at = expires_at - make_interval(secs => ${seconds})`,
  );
  void email;
}

const progressOf = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/access/${token}` })).json().signatory.progress as string;

describe('confirming the e-mail address', () => {
  it('a 6-digit code is e-mailed, and the right one confirms the address', async () => {
    const { token, email } = await invitedSignatory();
    const sent = await step(token, '/email-code');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      message: `We sent a 6-digit code to ${email}.`,
      resendAfterSeconds: 60,
    });
    const minutes = (Date.parse(sent.json().expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(10);
    const code = await codeFor(email);
    // Stored hashed, never as the code.
    const rows = await t.db.select().from(portalEmailCodes);
    expect(rows.some((row) => row.codeHash.includes(code))).toBe(false);

    const confirmed = await step(token, '/email-code/verify', { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      message: 'Your e-mail address is confirmed.',
      progress: 'email_confirmed',
    });
    expect(await progressOf(token)).toBe('email_confirmed');
    // The step is done: the same code again changes nothing.
    expect((await step(token, '/email-code/verify', { code })).json().code).toBe('portal.step_out_of_order');
  });

  it('brute force stops at 5 tries: after them even the right code is refused until a new one is sent', async () => {
    const { token, email } = await invitedSignatory();
    await step(token, '/email-code');
    const code = await codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await step(token, '/email-code/verify', { code: wrong })).json());
    expect(answers.map((a) => a.code)).toEqual([
      'portal.code_wrong',
      'portal.code_wrong',
      'portal.code_wrong',
      'portal.code_wrong',
      'portal.code_locked',
    ]);
    expect(answers[0].message).toBe('That code is not right. 4 tries are left.');
    expect(answers[3].message).toBe('That code is not right. One try is left.');
    const right = await step(token, '/email-code/verify', { code });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('portal.code_locked');
    expect(await progressOf(token)).toBe('invited');

    // Guesses sent all at once share the same five.
    await age(email, 61);
    await step(token, '/email-code');
    const parallel = await Promise.all(
      Array.from({ length: 8 }, () => step(token, '/email-code/verify', { code: wrong })),
    );
    const [open] = await t.db.select().from(portalEmailCodes).where(sql`consumed_at is null`);
    expect(open?.attempts).toBe(5);
    expect(parallel.filter((r) => r.json().code === 'portal.code_wrong')).toHaveLength(4);
  });

  it('codes expire after 10 minutes, come at most once a minute and five an hour, and a malformed one is a 400', async () => {
    const { token, email } = await invitedSignatory();
    await step(token, '/email-code');
    const again = await step(token, '/email-code');
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('portal.code_too_soon');
    expect(again.json().details.retryAfterSeconds).toBeGreaterThan(0);
    expect(await mailsTo(t, email)).toHaveLength(2); // the invitation and one code

    const code = await codeFor(email);
    await age(email, 601);
    expect((await step(token, '/email-code/verify', { code })).json().code).toBe('portal.code_expired');

    for (let i = 0; i < 4; i++) {
      await age(email, 61);
      expect((await step(token, '/email-code')).statusCode).toBe(200);
    }
    await age(email, 61);
    const sixth = await step(token, '/email-code');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(
      'You asked for several codes. Try again in a while, or use the newest code you received.',
    );

    const malformed = await step(token, '/email-code/verify', { code: '12 34' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('request.invalid');
    const extra = await step(token, '/email-code/verify', { code: '123456', admin: true });
    expect(extra.statusCode).toBe(400);
  });
});

describe('consent', () => {
  async function confirmed() {
    const signatory = await invitedSignatory();
    await step(signatory.token, '/email-code');
    await step(signatory.token, '/email-code/verify', { code: await codeFor(signatory.email) });
    return signatory;
  }

  it('comes after the e-mail step, and is recorded with its text version, time, address and browser', async () => {
    const early = await invitedSignatory();
    const tooSoon = await step(early.token, '/consent', { decision: 'accept', textVersion: CONSENT.version });
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().message).toBe('Confirm your e-mail address first.');

    const { token } = await confirmed();
    const outdated = await step(token, '/consent', { decision: 'accept', textVersion: '2020-01-01' });
    expect(outdated.json().code).toBe('portal.consent_outdated');
    const given = await step(
      token,
      '/consent',
      { decision: 'accept', textVersion: CONSENT.version },
      { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131' },
    );
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().progress).toBe('consented');
    const [record] = await t.db
      .select()
      .from(signatoryConsents)
      .where(eq(signatoryConsents.userAgent, 'Mozilla/5.0 (Linux; Android 14) Chrome/131'));
    expect(record).toMatchObject({
      decision: 'accept',
      textVersion: CONSENT.version,
      ipAddress: addressOf(token),
    });
    expect(record?.createdAt).toBeInstanceOf(Date);
    // Answered once: a second answer changes nothing, and the record cannot be rewritten.
    expect(
      (await step(token, '/consent', { decision: 'decline', textVersion: CONSENT.version })).statusCode,
    ).toBe(409);
    // Drizzle wraps the driver's error; the database's own message is its cause.
    const refused = await t.db
      .update(signatoryConsents)
      .set({ decision: 'decline' })
      .then(
        () => null,
        (error: { cause?: { message?: string } }) => error.cause?.message ?? '',
      );
    expect(refused).toMatch(/append-only/);
  });

  it('declining is recorded and tells the owner, with the reason', async () => {
    const { token, owner } = await confirmed();
    const declined = await step(token, '/consent', {
      decision: 'decline',
      textVersion: CONSENT.version,
      reason: 'I would rather show my passport in the call.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().progress).toBe('declined');
    const mail = await latestMailTo(t, owner.email);
    expect(mail?.subject).toBe('Meera Iyer declined identity verification for “Affidavit of address”');
    expect(mail?.text).toContain('I would rather show my passport in the call.');
  });
});
