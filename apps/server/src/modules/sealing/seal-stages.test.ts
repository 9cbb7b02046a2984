import { CALL_EVENTS, type CallJoinAck } from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../../testing/applications.ts';
import { liveTestApp } from '../../testing/live-test-app.ts';
import { eventually, settle } from '../../testing/realtime.ts';

const harness = liveTestApp(new Date('2026-11-23T12:00:00+05:30'));

/** A participant in the call, with every sealing stage it hears, in order. */
async function inCall(options: { cookie?: string; portalToken?: string }, applicationId: string) {
  const socket = await harness.open(options);
  const ack = (await socket.emitWithAck(CALL_EVENTS.join, { applicationId })) as CallJoinAck;
  expect(ack.ok).toBe(true);
  const stages: string[] = [];
  socket.on(CALL_EVENTS.sealStage, (message: { stage: string }) => stages.push(message.stage));
  return { socket, stages };
}

describe('sealing tells the call what it is doing (issue 19)', () => {
  it('the notary announces the recording stage; the server tells every stage to the notary and the signatories', async () => {
    const session = await harness.build.liveSession({
      status: 'signed',
      notary: await harness.build.notary({ certificate: 'platform' }),
      signatories: [{ fullName: 'Isha Menon' }],
    });
    const notary = await inCall({ cookie: session.notary.cookie }, session.id);
    const signatory = await inCall({ portalToken: session.signatories[0]?.token }, session.id);

    // A signatory cannot announce anything; the notary can announce only the recording stage.
    signatory.socket.emit(CALL_EVENTS.sealStage, { stage: 'recording' });
    notary.socket.emit(CALL_EVENTS.sealStage, { stage: 'done' });
    await settle();
    expect(signatory.stages).toEqual([]);
    notary.socket.emit(CALL_EVENTS.sealStage, { stage: 'recording' });
    await eventually(() => signatory.stages.length === 1);

    const sealed = await call(harness.t, 'POST', `/sessions/${session.id}/seal`, session.notary.cookie, {});
    expect(sealed.statusCode, sealed.body).toBe(200);
    // The test configuration has no timestamp authority, so there is no timestamping stage.
    for (const heard of [signatory.stages, notary.stages]) {
      await eventually(() => heard.at(-1) === 'done');
      expect(heard).toEqual(['recording', 'stamping', 'signing', 'done']);
    }
  });

  it('someone who rejoins mid-seal is told the stage at once', async () => {
    const session = await harness.build.liveSession({
      status: 'signed',
      notary: await harness.build.notary({ certificate: 'platform' }),
      signatories: [{ fullName: 'Kavya Menon' }],
    });
    const notary = await inCall({ cookie: session.notary.cookie }, session.id);
    notary.socket.emit(CALL_EVENTS.sealStage, { stage: 'recording' });
    await eventually(() => notary.stages.length === 1);
    // A signatory's page reloads: its new socket joins while the recording is being finished.
    const socket = await harness.open({ portalToken: session.signatories[0]?.token });
    const heard: string[] = [];
    socket.on(CALL_EVENTS.sealStage, (message: { stage: string }) => heard.push(message.stage));
    const ack = (await socket.emitWithAck(CALL_EVENTS.join, { applicationId: session.id })) as CallJoinAck;
    expect(ack.ok).toBe(true);
    await eventually(() => heard.length === 1);
    expect(heard).toEqual(['recording']);
  });

  it('a failed seal tells the call it failed', async () => {
    const session = await harness.build.liveSession({
      status: 'signed',
      signatories: [{ fullName: 'Jai Menon' }],
    });
    const signatory = await inCall({ portalToken: session.signatories[0]?.token }, session.id);
    // The builder's notary has a placeholder certificate: signing fails.
    const sealed = await call(harness.t, 'POST', `/sessions/${session.id}/seal`, session.notary.cookie, {});
    expect(sealed.statusCode).toBeGreaterThanOrEqual(400);
    await eventually(() => signatory.stages.at(-1) === 'failed');
    expect(signatory.stages[0]).toBe('stamping');
  });
});
