import { CONSENT } from '@mohar/contracts';
import { expect } from 'vitest';
import { latestMailTo, nextClientAddress, tokenFromMail } from './accounts.ts';
import { call, createClient, createCompleteDraft, SIGNATORY } from './applications.ts';
import { creditWallet } from './payments.ts';
import type { TestApp } from './test-app.ts';

let counter = 0;

/** An application with these signatories, submitted and paid from the wallet: every signatory has a link. */
export async function paidApplicationWith(
  t: TestApp,
  people: Array<{ fullName: string; dateOfBirth?: string }>,
  options: { owner?: Awaited<ReturnType<typeof createClient>> } = {},
) {
  const owner = options.owner ?? (await createClient(t, { name: 'Asha Kulkarni' }));
  const signatories = people.map((person, index) => {
    counter += 1;
    const email = `${person.fullName.toLowerCase().replace(/\W+/g, '.')}.${process.pid}.${counter}@example.in`;
    return {
      ...SIGNATORY,
      fullName: person.fullName,
      dateOfBirth: person.dateOfBirth ?? SIGNATORY.dateOfBirth,
      email,
      role: index === 0 ? 'executant' : 'witness',
    };
  });
  const id = await createCompleteDraft(t, owner.cookie, { signatories });
  const submitted = await call(t, 'POST', `/applications/${id}/submit`, owner.cookie, {});
  const total = submitted.json().application.fee.totalPaise as number;
  await creditWallet(t, owner.userId, total);
  const paid = await call(t, 'POST', `/applications/${id}/checkout`, owner.cookie, { walletPaise: total });
  expect(paid.json().next.kind, paid.body).toBe('paid');
  const links = [];
  for (const s of signatories) {
    const mail = await latestMailTo(t, s.email);
    links.push({
      ...s,
      token: tokenFromMail(mail?.text ?? '', '/access-application/'),
      address: nextClientAddress(),
    });
  }
  return { owner, id, signatories: links };
}

/** Built signatories as their own browsers: each link's token and an address of its own (for portalCall). */
export function atOwnAddresses<T extends { token?: string | undefined }>(signatories: T[]) {
  return signatories.map((s) => ({ ...s, token: s.token ?? '', address: nextClientAddress() }));
}

/** A request to the portal from the signatory's own address. */
export function portalCall(
  t: TestApp,
  signatory: { token: string; address: string },
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: object | Buffer,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url: `/api/v1/access/${signatory.token}${path}`,
    headers,
    remoteAddress: signatory.address,
    ...(payload ? { payload } : {}),
  });
}

/** Confirms the e-mail with the code from the outbox and consents, as the portal's first two steps do. */
export async function confirmAndConsent(
  t: TestApp,
  signatory: { token: string; address: string; email: string },
) {
  expect((await portalCall(t, signatory, 'POST', '/email-code', {})).statusCode).toBe(200);
  const code = (await latestMailTo(t, signatory.email))?.subject.slice(0, 6) ?? '';
  expect((await portalCall(t, signatory, 'POST', '/email-code/verify', { code })).statusCode).toBe(200);
  const consent = await portalCall(t, signatory, 'POST', '/consent', {
    decision: 'accept',
    textVersion: CONSENT.version,
  });
  expect(consent.statusCode, consent.body).toBe(200);
}
