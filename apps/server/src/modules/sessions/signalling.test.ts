import { APPLICATION_UPDATED_EVENT, CALL_EVENTS, type CallJoinAck } from '@mohar/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, sessionEvents } from '../../db/schema.ts';
import { liveTestApp } from '../../testing/live-test-app.ts';
import { eventually, settle, type TestSocket } from '../../testing/realtime.ts';
import { failAbandonedSessions } from './abandoned.ts';

const harness = liveTestApp(new Date('2026-11-23T12:00:00+05:30'));

const open = harness.open;

const join = (socket: TestSocket, applicationId: string) =>
  socket.emitWithAck(CALL_EVENTS.join, { applicationId }) as Promise<CallJoinAck>;

const statusOf = async (id: string) =>
  (await harness.t.db.select().from(applications).where(eq(applications.id, id)))[0]?.status;

const live = () =>
  harness.build.liveSession({ signatories: [{ fullName: 'Gita Rao' }, { fullName: 'Hari Rao' }] });

describe('call signalling', () => {
  it('only the session’s notary and its own signatories join; offers reach one participant only', async () => {
    const session = await live();
    const other = await live();
    const [gita, hari] = session.signatories;

    const notarySocket = await open({ cookie: session.notary.cookie });
    const joined = await join(notarySocket, session.id);
    expect(joined).toEqual({
      ok: true,
      self: `user:${session.notary.id}`,
      peers: [],
      media: {},
      page: null,
      iceServers: [],
    });

    const gitaSocket = await open({ portalToken: gita?.token });
    const gitaJoin = await join(gitaSocket, session.id);
    expect(gitaJoin.ok && gitaJoin.peers).toEqual([`user:${session.notary.id}`]);
    const hariSocket = await open({ portalToken: hari?.token });
    expect((await join(hariSocket, session.id)).ok).toBe(true);

    // Refused as if there were no call: the owner (not a signatory), another application's signatory and notary.
    const refusals = [
      await join(await open({ cookie: session.owner.cookie }), session.id),
      await join(await open({ portalToken: other.signatories[0]?.token }), session.id),
      await join(await open({ cookie: other.notary.cookie }), session.id),
      await join(await open({ cookie: session.notary.cookie }), 'not-an-id'),
    ];
    for (const refusal of refusals)
      expect(refusal).toMatchObject({ ok: false, code: 'sessions.call_not_found' });

    // An offer from the notary to Gita reaches Gita, and nobody else.
    const received: Array<{ who: string; from: string }> = [];
    for (const [who, socket] of [
      ['gita', gitaSocket],
      ['hari', hariSocket],
      ['notary', notarySocket],
    ] as const)
      socket.on(CALL_EVENTS.signal, (message: { from: string }) =>
        received.push({ who, from: message.from }),
      );
    const stranger = await open({ portalToken: other.signatories[0]?.token });
    stranger.on(CALL_EVENTS.signal, () => received.push({ who: 'stranger', from: '?' }));
    const gitaId = (await harness.t.app.inject({ url: `/api/v1/access/${gita?.token}` })).json().signatory
      ._id as string;
    notarySocket.emit(CALL_EVENTS.signal, { to: `signatory:${gitaId}`, data: { sdp: 'offer' } });
    // A socket that has not joined cannot send into the call.
    stranger.emit(CALL_EVENTS.signal, { to: `user:${session.notary.id}`, data: { sdp: 'intrusion' } });
    await eventually(() => received.length >= 1);
    await settle();
    expect(received).toEqual([{ who: 'gita', from: `user:${session.notary.id}` }]);
  });

  it('the others hear when someone leaves, and a reloaded page rejoins the same call', async () => {
    const session = await live();
    const notarySocket = await open({ cookie: session.notary.cookie });
    await join(notarySocket, session.id);
    const left: string[] = [];
    const joined: string[] = [];
    notarySocket.on(CALL_EVENTS.peerLeft, (m: { participant: string }) => left.push(m.participant));
    notarySocket.on(CALL_EVENTS.peerJoined, (m: { participant: string }) => joined.push(m.participant));

    const first = await open({ portalToken: session.signatories[0]?.token });
    await join(first, session.id);
    first.close();
    await eventually(() => left.length === 1);
    const again = await open({ portalToken: session.signatories[0]?.token });
    expect((await join(again, session.id)).ok).toBe(true);
    await eventually(() => joined.length === 2);
    expect(new Set([...joined, ...left]).size).toBe(1);

    // A reload whose new page joins before the old socket is gone: nobody left, so nobody hears so.
    const newer = await open({ portalToken: session.signatories[0]?.token });
    expect((await join(newer, session.id)).ok).toBe(true);
    again.close();
    await eventually(() => joined.length === 3);
    await settle();
    expect(left).toHaveLength(1);
  });

  it('media state, chat with the sender’s name, and the end reach everyone in the call; a rejoin is logged as reconnected', async () => {
    const session = await live();
    const [gita] = session.signatories;
    const notarySocket = await open({ cookie: session.notary.cookie });
    await join(notarySocket, session.id);
    const gitaSocket = await open({ portalToken: gita?.token });
    await join(gitaSocket, session.id);
    const seen = {
      media: [] as unknown[],
      chat: [] as Array<{ name: string; text: string }>,
      ended: [] as unknown[],
    };
    notarySocket.on(CALL_EVENTS.media, (m: unknown) => seen.media.push(m));
    notarySocket.on(CALL_EVENTS.chat, (m: { name: string; text: string }) => seen.chat.push(m));
    gitaSocket.on(CALL_EVENTS.ended, (m: unknown) => seen.ended.push(m));
    const outsider = await open({ portalToken: (await live()).signatories[0]?.token });
    const leaked: unknown[] = [];
    outsider.on(CALL_EVENTS.chat, (m: unknown) => leaked.push(m));

    const pages: unknown[] = [];
    gitaSocket.on(CALL_EVENTS.page, (m: unknown) => pages.push(m));
    // Only the notary leads the document; a signatory's page is not told.
    gitaSocket.emit(CALL_EVENTS.page, { page: 9 });
    notarySocket.emit(CALL_EVENTS.page, { page: 3 });
    await eventually(() => pages.length === 1);
    expect(pages).toEqual([{ page: 3 }]);
    gitaSocket.emit(CALL_EVENTS.media, { audio: false, video: true });
    gitaSocket.emit(CALL_EVENTS.chat, { text: '  Can you hear me?  ' });
    gitaSocket.emit(CALL_EVENTS.chat, { text: '' });
    await eventually(() => seen.media.length === 1 && seen.chat.length === 1);
    expect(seen.media[0]).toMatchObject({ audio: false, video: true });
    expect(seen.chat[0]).toMatchObject({ name: 'Gita Rao', text: 'Can you hear me?' });
    // A newcomer learns the current media state in the join's answer.
    const gitaAgain = await open({ portalToken: gita?.token });
    gitaSocket.close();
    const rejoined = await join(gitaAgain, session.id);
    expect(rejoined.ok && rejoined.media[`user:${session.notary.id}`]).toEqual({
      audio: true,
      video: true,
    });
    gitaAgain.on(CALL_EVENTS.ended, (m: unknown) => seen.ended.push(m));

    const failed = await harness.t.app.inject({
      method: 'POST',
      url: `/api/v1/sessions/${session.id}/fail`,
      headers: { cookie: session.notary.cookie },
      payload: { reason: 'The signatory could not be heard.' },
    });
    expect(failed.statusCode).toBe(200);
    await eventually(() => seen.ended.length === 1);
    expect(seen.ended[0]).toEqual({ status: 'failed', reason: 'The signatory could not be heard.' });
    expect(leaked).toEqual([]);
    const kinds = (
      await harness.t.db.select().from(sessionEvents).where(eq(sessionEvents.applicationId, session.id))
    ).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['joined', 'reconnected', 'chat', 'ended_failed']));
  });

  it('the notary removes a participant, who cannot come back; a signatory cannot remove anyone', async () => {
    const session = await live();
    const [gita, hari] = session.signatories;
    const notarySocket = await open({ cookie: session.notary.cookie });
    await join(notarySocket, session.id);
    const gitaSocket = await open({ portalToken: gita?.token });
    const gitaJoin = await join(gitaSocket, session.id);
    const hariSocket = await open({ portalToken: hari?.token });
    const hariJoin = await join(hariSocket, session.id);
    const gitaId = gitaJoin.ok ? gitaJoin.self : '';
    const hariId = hariJoin.ok ? hariJoin.self : '';
    const removed: string[] = [];
    gitaSocket.on(CALL_EVENTS.removed, () => removed.push('gita'));
    hariSocket.on(CALL_EVENTS.removed, () => removed.push('hari'));
    // Hari is not the notary: nothing happens.
    hariSocket.emit(CALL_EVENTS.remove, { participant: gitaId });
    await settle();
    expect(removed).toEqual([]);
    notarySocket.emit(CALL_EVENTS.remove, { participant: hariId });
    await eventually(() => removed.length === 1);
    expect(removed).toEqual(['hari']);
    // Hari's socket no longer speaks in the call, and joining again is refused.
    const heard: unknown[] = [];
    notarySocket.on(CALL_EVENTS.chat, (m: unknown) => heard.push(m));
    hariSocket.emit(CALL_EVENTS.chat, { text: 'Still here' });
    await settle();
    expect(heard).toEqual([]);
    expect((await join(await open({ portalToken: hari?.token }), session.id)).ok).toBe(false);
    expect((await join(await open({ portalToken: gita?.token }), session.id)).ok).toBe(true);
  });

  it('a signatory’s open portal hears when the application moves (here: a notary is requested); no other signatory does', async () => {
    const paid = await harness.build.application({ status: 'ready', signatories: [{ fullName: 'Ira Sen' }] });
    const other = await harness.build.application({ status: 'paid', signatories: [{ fullName: 'Jai Sen' }] });
    const mine = await open({ portalToken: paid.signatories[0]?.token });
    const theirs = await open({ portalToken: other.signatories[0]?.token });
    const heard: string[] = [];
    mine.on(APPLICATION_UPDATED_EVENT, (m: { applicationId: string }) =>
      heard.push(`mine:${m.applicationId}`),
    );
    theirs.on(APPLICATION_UPDATED_EVENT, () => heard.push('theirs'));
    const requested = await harness.t.app.inject({
      method: 'POST',
      url: `/api/v1/access/${paid.signatories[0]?.token}/notary-request`,
      payload: {},
    });
    expect(requested.statusCode).toBe(201);
    await eventually(() => heard.length >= 1);
    await settle();
    expect(heard).toEqual([`mine:${paid.id}`]);
  });

  it('nobody joins before a notary has accepted', async () => {
    const paid = await harness.build.application({ status: 'paid', signatories: [{ fullName: 'Ira Sen' }] });
    const socket = await open({ portalToken: paid.signatories[0]?.token });
    expect((await join(socket, paid.id)).ok).toBe(false);
  });

  it('a session nobody has been in for SESSION_ABANDON_MINUTES ends as failed; one with someone in it does not', async () => {
    const empty = await live();
    const attended = await live();
    const notarySocket = await open({ cookie: attended.notary.cookie });
    expect((await join(notarySocket, attended.id)).ok).toBe(true);
    const sweep = (minutesLater: number) =>
      failAbandonedSessions({
        db: harness.t.db,
        io: harness.t.app.mohar.realtime.io,
        applicationsService: harness.t.app.mohar.applicationsService,
        minutes: 10,
        now: new Date(Date.now() + minutesLater * 60_000),
      });
    await sweep(9);
    expect(await statusOf(empty.id)).toBe('in_session');
    await sweep(11);
    expect(await statusOf(empty.id)).toBe('failed');
    expect(await statusOf(attended.id)).toBe('in_session');
    // Once everyone has left, the clock starts from the last leave.
    notarySocket.close();
    await eventually(
      async () =>
        (await harness.t.app.mohar.realtime.io.in(`call:${attended.id}`).fetchSockets()).length === 0,
    );
    await sweep(11);
    expect(await statusOf(attended.id)).toBe('failed');
  });
});
