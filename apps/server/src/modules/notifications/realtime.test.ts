import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema.ts';
import { type Builders, buildersFor } from '../../testing/builders/index.ts';
import { connect, eventually, listening, settle, type TestSocket } from '../../testing/realtime.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
let origin: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
  origin = await listening(t.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

async function open(options: Parameters<typeof connect>[1]) {
  const socket = await connect(origin, options);
  sockets.push(socket);
  return socket;
}

const notify = async (userId: string, text: string) => {
  await t.app.mohar.notificationsService.notify(t.db, { userId, kind: 'application_status', text });
  t.app.mohar.notificationsService.kick();
};

describe('the realtime channel', () => {
  it('refuses a socket without a session, with a forged or ended one, or from another site', async () => {
    await expect(connect(origin)).rejects.toThrow('unauthorized');
    await expect(
      connect(origin, { cookie: 'mohar_session=forged-token-that-matches-nothing' }),
    ).rejects.toThrow('unauthorized');
    await expect(connect(origin, { portalToken: 'not-a-real-invitation-token_0123456789' })).rejects.toThrow(
      'unauthorized',
    );
    const client = await build.user();
    await expect(
      connect(origin, { cookie: client.cookie, originHeader: 'https://evil.example' }),
    ).rejects.toThrow();
    // Logging out closes the session's open sockets, and its cookie opens no new one.
    const leaving = await build.user();
    const open_ = await connect(origin, { cookie: leaving.cookie });
    const closed = new Promise((resolve) => open_.once('disconnect', resolve));
    const out = await t.app.inject({
      method: 'GET',
      url: '/api/v1/logout',
      headers: { cookie: leaving.cookie },
    });
    expect(out.statusCode).toBe(200);
    await closed;
    await expect(connect(origin, { cookie: leaving.cookie })).rejects.toThrow('unauthorized');
  });

  it('delivers each user their own notifications and never anyone else’s', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => build.user()));
    const connected = await Promise.all(users.map((user) => open({ cookie: user.cookie })));
    // A second tab of the first user gets the same events.
    const secondTab = await open({ cookie: users[0]?.cookie });
    for (let round = 1; round <= 5; round += 1)
      for (const [index, user] of users.entries()) await notify(user.id, `User ${index} event ${round}`);

    await eventually(() => connected.every((socket) => socket.received.length >= 5));
    await settle();
    for (const [index, socket] of connected.entries()) {
      expect(socket.received.map((n) => n.message)).toEqual(
        [1, 2, 3, 4, 5].map((r) => `User ${index} event ${r}`),
      );
      expect(socket.received.every((n) => n.userId === users[index]?.id)).toBe(true);
    }
    expect(secondTab.received.map((n) => n.message)).toEqual(connected[0]?.received.map((n) => n.message));
  });

  it('pushes the event a real change causes: the owner hears that a signatory proved their identity', async () => {
    const owner = await build.user();
    const socket = await open({ cookie: owner.cookie });
    const { id } = await build.application({
      status: 'paid',
      owner,
      signatories: [{ fullName: 'Asha Rao' }],
    });
    await eventually(() => socket.received.some((n) => n.kind === 'payment_succeeded'));
    const payment = socket.received.find((n) => n.kind === 'payment_succeeded');
    expect(payment).toMatchObject({ userId: owner.id, applicationId: id });
    expect(payment?.message).toContain(`application-view/${id}`);
  });

  it('a signatory’s portal link opens a socket of its own, without an account', async () => {
    const { signatories } = await build.application({
      status: 'paid',
      signatories: [{ fullName: 'Vikram Sethi' }],
    });
    const socket = await open({ portalToken: signatories[0]?.token });
    expect(socket.connected).toBe(true);
  });

  it('what was committed but not pushed before a crash is pushed by the restarted server, and a reconnecting client catches up', async () => {
    const client = await build.user();
    const before = await open({ cookie: client.cookie });
    await notify(client.id, 'Seen before the crash');
    await eventually(() => before.received.length === 1);
    const lastSeen = before.received[0]?._id;

    // The process's background work dies right after the commit: nothing is pushed.
    await t.app.mohar.jobs.stop();
    await t.app.mohar.notificationsService.notify(t.db, {
      userId: client.id,
      kind: 'application_status',
      text: 'Committed just before the crash',
    });
    await settle();
    expect(before.received).toHaveLength(1);
    const [waiting] = await t.db.select().from(notifications).where(isNull(notifications.dispatchedAt));
    expect(waiting?.message).toBe('Committed just before the crash');

    for (const socket of sockets) socket.close();
    sockets.length = 0;
    await t.restart();
    origin = await listening(t.app);
    // The new process pushes it at start…
    await t.app.mohar.notificationsService.dispatch();
    expect(await t.db.select().from(notifications).where(isNull(notifications.dispatchedAt))).toEqual([]);
    // …and the web app, reconnecting, asks for what came after the last one it saw.
    const after = await open({ cookie: client.cookie });
    const missed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/notifications?after=${lastSeen}`,
      headers: { cookie: client.cookie },
    });
    expect(missed.json().notifications.map((n: { message: string }) => n.message)).toEqual([
      'Committed just before the crash',
    ]);
    // New events reach the new connection.
    await notify(client.id, 'After the restart');
    await eventually(() => after.received.some((n) => n.message === 'After the restart'));
  });
});
