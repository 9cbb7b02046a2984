import { PDFDocument } from '@cantoo/pdf-lib';
import { SIGNING_DECLARATION } from '@mohar/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentVersions, signatures } from '../../db/schema.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltLiveSession, buildersFor } from '../../testing/builders/index.ts';
import { recordPart } from '../../testing/sessions.ts';
import { confirmIdentity, inkPng, signAs } from '../../testing/signing.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { recordSessionEvent } from '../sessions/call.service.ts';

let t: TestApp;
let build: Builders;
let ink: Buffer;
let blank: Buffer;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-23T12:00:00+05:30') });
  build = buildersFor(t);
  // A drawn signature, and an empty pad.
  ink = await inkPng();
  blank = await sharp({
    create: { width: 400, height: 150, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const sign = (
  token: string | null | undefined,
  image: Buffer | null = ink,
  fields: Record<string, string> = {},
) => signAs(t, token, image, fields);
const confirm = (session: BuiltLiveSession, signatoryId: string) => confirmIdentity(t, session, signatoryId);

describe('signing in turn', () => {
  it('out of turn, before the notary confirmed, or twice → 409; in turn it applies, version by version', async () => {
    const session = await build.liveSession({
      signatories: [{ fullName: 'Asha Rao' }, { fullName: 'Bela Rao' }],
    });
    const [asha, bela] = session.signatories;
    const [ashaId, belaId] = [asha?.id ?? '', bela?.id ?? ''];
    await recordPart(t, session);

    const early = await sign(asha?.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('signing.identity_not_confirmed');
    await confirm(session, ashaId);
    await confirm(session, belaId);
    const outOfTurn = await sign(bela?.token);
    expect(outOfTurn.statusCode).toBe(409);
    expect(outOfTurn.json()).toMatchObject({
      code: 'signing.out_of_turn',
      message: expect.stringContaining('Asha Rao'),
    });

    const first = await sign(asha?.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().order.map((o: { isCurrent: boolean }) => o.isCurrent)).toEqual([false, true]);
    expect((await sign(asha?.token)).json().code).toBe('signing.already_signed');
    const second = await sign(bela?.token);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ version: 2, allSigned: true });

    // Each signature is a version; the hashes chain; the evidence is kept and cannot be rewritten.
    const rows = await t.db.select().from(signatures).where(eq(signatures.applicationId, session.id));
    const byName = (id: string) => rows.find((r) => r.signatoryId === id);
    expect(byName(belaId)?.documentSha256Before).toBe(byName(ashaId)?.documentSha256After);
    expect(byName(ashaId)).toMatchObject({ method: 'drawn', declaration: SIGNING_DECLARATION });
    await expect(
      t.db.delete(documentVersions).where(eq(documentVersions.applicationId, session.id)),
    ).rejects.toThrow();

    // Without placed boxes both signed in the default block, under the last page's own content (the test page has
    // room, so no page is added).
    const document = await call(t, 'GET', `/sessions/${session.id}/document`, session.notary.cookie);
    expect(document.statusCode).toBe(200);
    expect(document.headers['x-document-sha256']).toBe(second.json().documentSha256);
    const pdf = await PDFDocument.load(document.rawPayload);
    const uploaded = (await call(t, 'GET', `/applications/${session.id}`, session.owner.cookie)).json()
      .application.document.pages as number;
    expect(pdf.getPageCount()).toBe(uploaded);
    // The same document from a signatory's link; nobody else.
    const viaLink = await t.app.inject({ url: `/api/v1/access/${asha?.token}/session/document` });
    expect(viaLink.headers['x-document-sha256']).toBe(second.json().documentSha256);
    const other = await build.liveSession({ signatories: [{ fullName: 'Gita Rao' }] });
    expect((await call(t, 'GET', `/sessions/${session.id}/document`, other.notary.cookie)).statusCode).toBe(
      404,
    );
  });

  it('refuses what is not a signature, and signing while the recording is not running', async () => {
    const session = await build.liveSession({ signatories: [{ fullName: 'Chitra Das' }] });
    const [chitra] = session.signatories;
    await recordPart(t, session);
    await confirm(session, chitra?.id ?? '');
    for (const [image, fields] of [
      [blank, {}],
      [Buffer.from('not an image'), {}],
      [ink, { declaration: 'I guess so' }],
      [ink, { method: 'stamped' }],
      [null, {}],
    ] as const) {
      const refused = await sign(chitra?.token, image, fields);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().code).toBe('signing.invalid_image');
    }
    // In the call, her media stops reaching the server recorder (its facts as it writes them; live media in
    // recorder.test.ts): she cannot sign until it comes back.
    const fact = (kind: 'joined' | 'media_gap' | 'media_resumed') =>
      recordSessionEvent(t.db, { applicationId: session.id, kind, actor: `signatory:${chitra?.id}` });
    await fact('joined');
    await fact('media_gap');
    const refused = await sign(chitra?.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'sessions.recording_required',
      details: { missing: `signatory:${chitra?.id}` },
    });
    await fact('media_resumed');
    expect((await sign(chitra?.token)).statusCode).toBe(200);
  });

  it('the notary can change the order before people sign; who signed keeps their place', async () => {
    const session = await build.liveSession({
      signatories: [{ fullName: 'Dev Jain' }, { fullName: 'Esha Jain' }],
    });
    const [dev, esha] = session.signatories;
    const [devId, eshaId] = [dev?.id ?? '', esha?.id ?? ''];
    const reorder = (ids: string[]) =>
      call(t, 'PUT', `/sessions/${session.id}/signing-order`, session.notary.cookie, { signatoryIds: ids });
    expect((await reorder([devId])).statusCode).toBe(400);
    const swapped = await reorder([eshaId, devId]);
    expect(swapped.json().order.map((o: { name: string }) => o.name)).toEqual(['Esha Jain', 'Dev Jain']);
    await recordPart(t, session);
    await confirm(session, eshaId);
    expect((await sign(esha?.token)).statusCode).toBe(200);
    expect((await reorder([devId, eshaId])).json().code).toBe('signing.invalid_order');
    const state = await t.app.inject({ url: `/api/v1/access/${dev?.token}/signing` });
    expect(state.json().order.find((o: { name: string }) => o.name === 'Dev Jain').isCurrent).toBe(true);
  });
});
