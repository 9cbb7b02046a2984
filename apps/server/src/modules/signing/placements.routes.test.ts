import { randomUUID } from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signaturePlacements } from '../../db/schema.ts';
import { call, SIGNATORY, uploadDocument } from '../../testing/applications.ts';
import { type Builders, buildersFor } from '../../testing/builders/index.ts';
import { samplePdf } from '../../testing/documents.ts';
import { inkIn } from '../../testing/rendering.ts';
import { recordPart } from '../../testing/sessions.ts';
import { confirmIdentity, inkPng, signAs } from '../../testing/signing.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
let ink: Buffer;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-23T12:00:00+05:30') });
  build = buildersFor(t);
  ink = await inkPng();
});
afterAll(() => t.close());

const A4 = { x: 0, y: 0, width: 595, height: 842, rotation: 0 };
const places = (id: string, cookie: string, side: 'applications' | 'sessions' = 'applications') =>
  call(t, 'GET', `/${side}/${id}/signature-places`, cookie);
const place = (
  id: string,
  cookie: string,
  body: object,
  side: 'applications' | 'sessions' = 'applications',
) => call(t, 'PUT', `/${side}/${id}/signature-places`, cookie, body);

describe('the owner places signature boxes in the wizard', () => {
  it('boxes are checked against the real pages, kept per signatory, and private to the owner', async () => {
    const owner = await build.user();
    const second = {
      ...SIGNATORY,
      fullName: 'Bela Rao',
      email: 'bela.places@example.in',
      role: 'witness',
    } as const;
    const { id } = await build.application({ owner, signatories: [SIGNATORY, second] });
    const initial = await places(id, owner.cookie);
    expect(initial.statusCode, initial.body).toBe(200);
    expect(initial.json()).toMatchObject({ placements: [], initialsOnEveryPage: false, isEditable: true });
    expect(initial.json().pages).toEqual([A4, A4]);
    const [first, bela] = initial.json().signatories as Array<{ signatoryId: string; name: string }>;
    expect(bela?.name).toBe('Bela Rao');

    const box = { signatoryId: first?.signatoryId, page: 1, x: 300, y: 200, width: 150, height: 50 };
    const saved = await place(id, owner.cookie, { placements: [box], initialsOnEveryPage: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ placements: [box], initialsOnEveryPage: true });

    // Every refusal says what is wrong and changes nothing.
    for (const [wrong, message] of [
      [{ ...box, x: 500 }, 'outside page 2'],
      [{ ...box, page: 2 }, 'the document has 2 pages'],
      [{ ...box, signatoryId: randomUUID() }, 'not a signatory'],
    ] as const) {
      const refused = await place(id, owner.cookie, { placements: [wrong], initialsOnEveryPage: false });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'signing.invalid_placement',
        message: expect.stringContaining(message),
      });
    }
    const tooMany = Array.from({ length: 11 }, (_, i) => ({ ...box, y: 20 + i * 60 }));
    expect(
      (await place(id, owner.cookie, { placements: tooMany, initialsOnEveryPage: false })).statusCode,
    ).toBe(400);
    const unknownField = await place(id, owner.cookie, {
      placements: [{ ...box, rotation: 90 }],
      initialsOnEveryPage: false,
    });
    expect(unknownField.statusCode).toBe(400);
    expect((await places(id, owner.cookie)).json()).toMatchObject({
      placements: [box],
      initialsOnEveryPage: true,
    });

    // Someone else's application does not exist for them.
    const stranger = await build.user();
    expect((await places(id, stranger.cookie)).statusCode).toBe(404);
    expect(
      (await place(id, stranger.cookie, { placements: [], initialsOnEveryPage: false })).statusCode,
    ).toBe(404);
    expect((await places('not-an-id', owner.cookie)).statusCode).toBe(404);

    // Editing the signatories keeps the boxes of those who stay (same e-mail); a new document clears them all.
    const kept = await call(t, 'PUT', `/applications/${id}/signatories`, owner.cookie, {
      signatories: [second, { ...SIGNATORY, mobile: SIGNATORY.mobile }],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await places(id, owner.cookie)).json().placements).toEqual([box]);
    await call(t, 'PUT', `/applications/${id}/signatories`, owner.cookie, { signatories: [second] });
    expect((await places(id, owner.cookie)).json().placements).toEqual([]);
    await place(id, owner.cookie, {
      placements: [{ ...box, signatoryId: bela?.signatoryId }],
      initialsOnEveryPage: false,
    });
    await uploadDocument(t, { cookie: owner.cookie, id, bytes: await samplePdf({ pages: 3 }) });
    const replaced = (await places(id, owner.cookie)).json();
    expect(replaced.placements).toEqual([]);
    expect(replaced.pages).toHaveLength(3);
  });
});

describe('the session uses the boxes', () => {
  it('the notary adjusts before anyone signs; each signature lands in its box, initials on every page', async () => {
    // The owner places Asha's box while the application is ready, before asking for a notary.
    const ready = await build.application({
      status: 'ready',
      signatories: [{ fullName: 'Asha Rao' }, { fullName: 'Bela Rao' }],
    });
    const { signatories } = (await places(ready.id, ready.owner.cookie)).json();
    const ashaBox = {
      signatoryId: signatories[0].signatoryId,
      page: 0,
      x: 100,
      y: 300,
      width: 160,
      height: 60,
    };
    const saved = await place(ready.id, ready.owner.cookie, {
      placements: [ashaBox],
      initialsOnEveryPage: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const notary = await build.notary();
    const session = { ...(await build.advance(ready, { status: 'in_session', notary })), notary };
    const [asha, bela] = session.signatories;
    const [ashaId, belaId] = [asha?.id ?? '', bela?.id ?? ''];

    // The session has started: the owner can no longer move them; the notary can, and a stranger notary cannot see them.
    const ownerLate = await place(session.id, session.owner.cookie, {
      placements: [],
      initialsOnEveryPage: false,
    });
    expect(ownerLate.statusCode).toBe(409);
    expect(ownerLate.json().code).toBe('signing.places_locked');
    const other = await build.liveSession({ signatories: [{ fullName: 'Gita Rao' }] });
    expect((await places(session.id, other.notary.cookie, 'sessions')).statusCode).toBe(404);
    const seen = (await places(session.id, session.notary.cookie, 'sessions')).json();
    expect(seen).toMatchObject({ isEditable: true, initialsOnEveryPage: true });
    expect(seen.placements).toHaveLength(1);
    const moved = { signatoryId: ashaId, page: 1, x: 320, y: 400, width: 160, height: 60 };
    const adjusted = await place(
      session.id,
      session.notary.cookie,
      { placements: [moved], initialsOnEveryPage: true },
      'sessions',
    );
    expect(adjusted.statusCode, adjusted.body).toBe(200);

    // The client never says where a signature goes.
    await recordPart(t, session);
    await confirmIdentity(t, session, ashaId);
    await confirmIdentity(t, session, belaId);
    const withPosition = await signAs(t, asha?.token, ink, { page: '0' });
    expect(withPosition.statusCode).toBe(400);

    expect((await signAs(t, asha?.token, ink)).statusCode).toBe(200);
    const afterAsha = (await call(t, 'GET', `/sessions/${session.id}/document`, session.notary.cookie))
      .rawPayload;
    expect(await inkIn(afterAsha, { page: 1, box: moved })).toBeGreaterThan(0.01);
    expect(await inkIn(afterAsha, { page: 0, box: { x: 100, y: 300, width: 160, height: 60 } })).toBe(0);
    // Initials: a mini signature in the bottom-right margin of every uploaded page (Asha is first in the list).
    const firstSlot = { x: 595 - 20 - 52, y: 14, width: 52, height: 18 };
    for (const page of [0, 1]) expect(await inkIn(afterAsha, { page, box: firstSlot })).toBeGreaterThan(0.01);

    // Signing has begun: the boxes are fixed, and Bela's default box is on record (under the last page's content).
    const late = await place(
      session.id,
      session.notary.cookie,
      { placements: [], initialsOnEveryPage: false },
      'sessions',
    );
    expect(late.json().code).toBe('signing.places_locked');
    const fixed = await t.db
      .select()
      .from(signaturePlacements)
      .where(eq(signaturePlacements.applicationId, session.id));
    const belaBox = fixed.find((p) => p.signatoryId === belaId);
    expect(belaBox).toMatchObject({ origin: 'default', page: 1 });

    expect((await signAs(t, bela?.token, ink)).statusCode).toBe(200);
    const final = (await call(t, 'GET', `/sessions/${session.id}/document`, session.notary.cookie))
      .rawPayload;
    expect((await PDFDocument.load(final)).getPageCount()).toBe(2);
    expect(await inkIn(final, { page: 1, box: belaBox as NonNullable<typeof belaBox> })).toBeGreaterThan(
      0.01,
    );
    const secondSlot = { ...firstSlot, x: firstSlot.x - 52 - 6 };
    for (const page of [0, 1]) expect(await inkIn(final, { page, box: secondSlot })).toBeGreaterThan(0.01);
  });
});
