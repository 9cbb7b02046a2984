import { PageSizes, PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { CALL_EVENTS, type CallSignedMessage, callSignedMessage } from '@mohar/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { liveTestApp } from '../../testing/live-test-app.ts';
import { eventually } from '../../testing/realtime.ts';
import { recordPart } from '../../testing/sessions.ts';
import { confirmIdentity, inkPng, signAs } from '../../testing/signing.ts';

const harness = liveTestApp(new Date('2026-11-23T12:00:00+05:30'));

/** A three-page document with text on each page (room under the last page's text for the signature block). */
async function threePages(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= 3; page++)
    pdf.addPage(PageSizes.A4).drawText(`Page ${page} of the affidavit.`, { x: 64, y: 760, size: 12, font });
  return Buffer.from(await pdf.save());
}

describe('the call hears a signature', () => {
  it('with the new order, the image and where it goes, and only the pages it changed', async () => {
    const session = await harness.build.liveSession({
      signatories: [{ fullName: 'Asha Rao' }, { fullName: 'Bela Rao' }],
      document: await threePages(),
    });
    const [asha] = session.signatories;
    await recordPart(harness.t, session);
    for (const signatory of session.signatories) await confirmIdentity(harness.t, session, signatory.id);

    const notary = await harness.open({ cookie: session.notary.cookie });
    expect((await notary.emitWithAck(CALL_EVENTS.join, { applicationId: session.id })).ok).toBe(true);
    const heard: CallSignedMessage[] = [];
    notary.on(CALL_EVENTS.signed, (message: unknown) => heard.push(callSignedMessage.parse(message)));

    const ink = await inkPng();
    const answer = await signAs(harness.t, asha?.token, ink);
    expect(answer.statusCode, answer.body).toBe(200);
    await eventually(() => heard.length === 1);
    const [message] = heard;
    if (!message) throw new Error('no call:signed');

    // The order as the signatory's answer gives it: nobody needs to read it again.
    expect(message).toMatchObject({ signatoryId: asha?.id, version: 1 });
    expect(message.state).toEqual(answer.json());
    // The signature itself, as a PNG any screen can draw.
    expect(message.image).toMatch(/^data:image\/png;base64,/);
    const image = await sharp(Buffer.from(message.image?.split(',')[1] ?? '', 'base64')).metadata();
    expect(image.format).toBe('png');
    // Its box in the default block under the last page's text, as fractions of that page.
    expect(message.marks).toHaveLength(1);
    const [mark] = message.marks ?? [];
    expect(mark?.page).toBe(2);
    for (const value of [mark?.left, mark?.top, mark?.width, mark?.height]) {
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThan(1);
    }
    expect((mark?.top ?? 0) + (mark?.height ?? 0)).toBeLessThanOrEqual(1);
    // Only that page changed: the two before it keep their picture on every screen.
    expect(message.changedPages).toEqual([2]);
  });

  it('with initials on every page, every page changed', async () => {
    const session = await harness.build.liveSession({
      signatories: [{ fullName: 'Gita Rao' }],
      document: await threePages(),
      initialsOnEveryPage: true,
    });
    const [gita] = session.signatories;
    await recordPart(harness.t, session);
    await confirmIdentity(harness.t, session, gita?.id ?? '');
    const notary = await harness.open({ cookie: session.notary.cookie });
    expect((await notary.emitWithAck(CALL_EVENTS.join, { applicationId: session.id })).ok).toBe(true);
    const heard: CallSignedMessage[] = [];
    notary.on(CALL_EVENTS.signed, (message: unknown) => heard.push(callSignedMessage.parse(message)));

    expect((await signAs(harness.t, gita?.token, await inkPng())).statusCode).toBe(200);
    await eventually(() => heard.length === 1);
    expect(heard[0]?.changedPages).toEqual([0, 1, 2]);
  });
});
