import { APPLICATION_UPDATED_EVENT } from '@mohar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, tokenFromMail } from '../../testing/accounts.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltLiveSession, buildersFor } from '../../testing/builders/index.ts';
import { connect, eventually, listening, type TestSocket } from '../../testing/realtime.ts';
import { recordPart } from '../../testing/sessions.ts';
import { confirmIdentity, inkPng, signAs } from '../../testing/signing.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
let ink: Buffer;
let origin: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-23T12:00:00+05:30') });
  build = buildersFor(t);
  ink = await inkPng();
  origin = await listening(t.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const NOTE = 'Card photo blurred: private-note-7f3a';

const portal = async (token: string | null | undefined) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/access/${token}` });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};
const ownerView = async (session: BuiltLiveSession) => {
  const response = await call(t, 'GET', `/applications/${session.id}`, session.owner.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, application: response.json().application };
};
type ActRow = { act: { identity: string | null; signedAt: string | null } };
const actsIn = (rows: ActRow[]) => rows.map((row) => row.act);

/** A portal socket that counts the application's update hints. */
async function hintsFor(options: { portalToken?: string; cookie?: string }) {
  const socket = await connect(origin, options);
  sockets.push(socket);
  let count = 0;
  socket.on(APPLICATION_UPDATED_EVENT, () => {
    count += 1;
  });
  return () => count;
}

describe('each person’s row follows the act (issue 19)', () => {
  it('identity decided (never its note), signed at, notarised: the portal and the owner’s view say what happened, as it happens', async () => {
    const session = await build.liveSession({
      notary: await build.notary({ certificate: 'platform' }),
      signatories: [{ fullName: 'Asha Verma' }, { fullName: 'Bela Kapoor' }],
    });
    const [asha, bela] = session.signatories;
    const [ashaId, belaId] = [asha?.id ?? '', bela?.id ?? ''];
    await recordPart(t, session);

    // Before any decision: nothing to report.
    expect((await portal(asha?.token)).json().signatory.act).toEqual({ identity: null, signedAt: null });
    const ashaHints = await hintsFor({ portalToken: asha?.token });
    const ownerHints = await hintsFor({ cookie: session.owner.cookie });

    // Not confirmed, with a note for the notary: the others learn the decision, never the note.
    const refused = await call(
      t,
      'POST',
      `/sessions/${session.id}/signatories/${ashaId}/identity-decision`,
      session.notary.cookie,
      { decision: 'not_confirmed', note: NOTE },
    );
    expect(refused.statusCode, refused.body).toBe(200);
    await eventually(() => ashaHints() > 0 && ownerHints() > 0);
    const afterRefusal = await portal(bela?.token);
    expect(afterRefusal.body).not.toContain('private-note-7f3a');
    expect(actsIn(afterRefusal.json().signatories)[0]).toEqual({ identity: 'not_confirmed', signedAt: null });
    const ownerAfterRefusal = await ownerView(session);
    expect(ownerAfterRefusal.body).not.toContain('private-note-7f3a');
    expect(ownerAfterRefusal.application.signatories[0].act).toEqual({
      identity: 'not_confirmed',
      signedAt: null,
    });

    // The notary looks again and confirms both; each signs in turn.
    await confirmIdentity(t, session, ashaId);
    await confirmIdentity(t, session, belaId);
    expect((await portal(asha?.token)).json().signatory.act).toEqual({
      identity: 'confirmed',
      signedAt: null,
    });
    const hintsBefore = ashaHints();
    expect((await signAs(t, asha?.token, ink)).statusCode).toBe(200);
    await eventually(() => ashaHints() > hintsBefore);
    const ashaSigned = (await portal(bela?.token)).json().signatories[0].act;
    expect(ashaSigned.identity).toBe('confirmed');
    expect(new Date(ashaSigned.signedAt).getTime()).not.toBeNaN();
    expect((await signAs(t, bela?.token, ink)).statusCode).toBe(200);

    // Sealed: the application is notarised and every row keeps its facts.
    const sealed = await call(t, 'POST', `/sessions/${session.id}/seal`, session.notary.cookie, {});
    expect(sealed.statusCode, sealed.body).toBe(200);
    const afterSeal = (await portal(asha?.token)).json();
    expect(afterSeal.application.status).toBe('notarised');
    for (const act of actsIn(afterSeal.signatories)) {
      expect(act.identity).toBe('confirmed');
      expect(act.signedAt).toEqual(expect.any(String));
    }
    const owner = (await ownerView(session)).application;
    expect(owner.status).toBe('notarised');
    expect(actsIn(owner.signatories).every((act) => act.identity === 'confirmed' && act.signedAt)).toBe(true);
  });

  it('the "is notarised" e-mail links each signatory to their portal (with the download) and the owner to the application', async () => {
    const session = await build.liveSession({
      status: 'sealed',
      notary: await build.notary({ certificate: 'platform' }),
      signatories: [{ fullName: 'Chitra Nair' }],
    });
    const signatory = session.signatories[0];
    // Mails written at one test clock time have no order: find the one by its subject.
    const notarisedMailTo = async (to: string) =>
      (await mailsTo(t, to)).find((m) => m.subject.endsWith('is notarised'));
    const mail = await notarisedMailTo(signatory?.email ?? '');
    expect(mail).toBeDefined();
    const token = tokenFromMail(mail?.text ?? '', '/access-application/');
    const opened = (await portal(token)).json();
    expect(opened.application.status).toBe('notarised');
    const download = await t.app.inject({ url: `/api/v1/access/${token}/notarised-document` });
    expect(download.statusCode).toBe(200);
    // The link from the invitation keeps working too (it may be open in the call).
    expect((await portal(signatory?.token)).statusCode).toBe(200);

    const ownerMail = await notarisedMailTo(session.owner.email);
    expect(ownerMail).toBeDefined();
    expect(ownerMail?.text).toContain(`/application-view/${session.id}`);
  });

  it('an owner who also signs gets one "is notarised" e-mail: their personal link, which downloads', async () => {
    const owner = await build.user();
    const session = await build.liveSession({
      status: 'sealed',
      owner,
      notary: await build.notary({ certificate: 'platform' }),
      signatories: [{ fullName: owner.name, email: owner.email }, { fullName: 'Chitra Nair' }],
    });
    const mails = (await mailsTo(t, session.owner.email)).filter((m) => m.subject.endsWith('is notarised'));
    expect(mails).toHaveLength(1);
    const token = tokenFromMail(mails[0]?.text ?? '', '/access-application/');
    const download = await t.app.inject({ url: `/api/v1/access/${token}/notarised-document` });
    expect(download.statusCode).toBe(200);
  });

  it('a stranger sees none of it', async () => {
    const session = await build.liveSession({ signatories: [{ fullName: 'Dev Anand' }] });
    const stranger = await build.user();
    expect((await call(t, 'GET', `/applications/${session.id}`, stranger.cookie)).statusCode).toBe(404);
  });
});
