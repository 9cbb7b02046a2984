import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, supportReplyTokens, supportTickets } from '../../db/schema.ts';
import { latestMailTo, tokenFromMail } from '../../testing/accounts.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
let support: BuiltUser;

beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
  support = await build.admin({ adminRoles: ['support'] });
});
afterAll(() => t.close());

// Each ticket comes from its own address so the contact form's per-address limit does not mix the cases.
let ipCounter = 10;
let emailCounter = 0;
async function fileTicket(options: { cookie?: string; applicationId?: string } = {}) {
  const email = `visitor${++emailCounter}@example.in`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/support/tickets',
    remoteAddress: `10.2.0.${ipCounter++}`,
    headers: options.cookie ? { cookie: options.cookie } : {},
    payload: {
      name: 'Asha Verma',
      email,
      topic: 'payments',
      message: 'My payment went through but the application still says unpaid.',
      ...(options.applicationId ? { applicationId: options.applicationId } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { reference } = res.json() as { reference: string };
  const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.reference, reference));
  if (!row) throw new Error('ticket not stored');
  return { id: row.id, email, reference };
}

type Thread = {
  ticket: { status: string; assignee: { _id: string } | null; firstResponseAt: string | null };
  messages: Array<{ kind: string; body: string; author: { _id: string } | null }>;
};
const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = support.cookie) =>
  call(t, method, `/admin/support/tickets${url}`, cookie, payload);
const thread = async (id: string) => (await admin('GET', `/${id}`)).json() as Thread;

async function replyAndGetToken(ticket: { id: string; email: string }, body = 'We are checking it now.') {
  const res = await admin('POST', `/${ticket.id}/replies`, { body });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await latestMailTo(t, ticket.email);
  return tokenFromMail(mail?.text ?? '', '/support/reply/');
}

describe('the support inbox (issue 22)', () => {
  it('lists a new ticket from /contact; a reply is e-mailed with a reply link and the ticket waits on the customer', async () => {
    const ticket = await fileTicket();
    const list = await admin('GET', '?status=new');
    expect(list.statusCode).toBe(200);
    const page = list.json() as {
      tickets: Array<{ _id: string; status: string }>;
      totalPages: number;
      page: number;
    };
    expect(page.tickets.find((x) => x._id === ticket.id)).toMatchObject({ status: 'new' });

    const token = await replyAndGetToken(ticket, 'Hello again.\n\nWe are checking it now.');
    const mail = await latestMailTo(t, ticket.email);
    expect(mail?.subject).toContain(ticket.reference);
    expect(mail?.text).toContain('We are checking it now.');

    const after = await thread(ticket.id);
    expect(after.ticket.status).toBe('waiting_on_customer');
    expect(after.ticket.firstResponseAt).not.toBeNull();
    expect(after.messages).toMatchObject([{ kind: 'reply', author: { _id: support.id } }]);
    // Only the SHA-256 of the link's token is stored.
    const tokens = await t.db
      .select()
      .from(supportReplyTokens)
      .where(eq(supportReplyTokens.ticketId, ticket.id));
    expect(tokens.map((row) => row.tokenHash)).toEqual([createHash('sha256').update(token).digest('hex')]);
    expect(token.length).toBeGreaterThanOrEqual(43);
  });

  it('lets the customer read the thread and answer by the link; notes never reach them; the answer reopens the ticket', async () => {
    const ticket = await fileTicket();
    await admin('POST', `/${ticket.id}/notes`, { body: 'Internal: gateway shows the payment captured.' });
    const token = await replyAndGetToken(ticket);

    const seen = await t.app.inject({ method: 'GET', url: `/api/v1/support/replies/${token}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toContain('Internal');
    expect(seen.json().messages).toEqual([
      expect.objectContaining({ kind: 'reply', body: 'We are checking it now.' }),
    ]);

    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/v1/support/replies/${token}`,
      payload: { body: 'Thank you, the order id is ORD-1234.' },
    });
    expect(answered.statusCode, answered.body).toBe(201);
    const after = await thread(ticket.id);
    expect(after.ticket.status).toBe('open');
    expect(after.messages.map((m) => m.kind)).toEqual(['note', 'reply', 'customer']);
    expect(after.messages[2]).toMatchObject({ body: 'Thank you, the order id is ORD-1234.', author: null });
  });

  it('refuses an unknown, expired or malformed reply link', async () => {
    const ticket = await fileTicket();
    const token = await replyAndGetToken(ticket);
    const unknown = await t.app.inject({ method: 'GET', url: `/api/v1/support/replies/${'x'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('support.reply_link_invalid');
    const malformed = await t.app.inject({ method: 'GET', url: '/api/v1/support/replies/a.b' });
    expect(malformed.statusCode).toBe(400);
    await t.db
      .update(supportReplyTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(supportReplyTokens.ticketId, ticket.id));
    const expired = await t.app.inject({
      method: 'POST',
      url: `/api/v1/support/replies/${token}`,
      payload: { body: 'Still there?' },
    });
    expect(expired.statusCode).toBe(404);
    expect((await thread(ticket.id)).messages.map((m) => m.kind)).toEqual(['reply']);
  });

  it('moves a ticket new → open → waiting on customer → closed, and refuses the moves the rules forbid', async () => {
    const ticket = await fileTicket();
    const move = (status: string) => admin('PUT', `/${ticket.id}/status`, { status });
    expect((await move('waiting_on_customer')).json().code).toBe('support.illegal_transition');
    expect((await move('open')).statusCode).toBe(200);
    expect((await move('waiting_on_customer')).statusCode).toBe(200);
    expect((await move('closed')).statusCode).toBe(200);
    // Closed: no reply until it is reopened.
    const replyToClosed = await admin('POST', `/${ticket.id}/replies`, { body: 'One more thing.' });
    expect(replyToClosed.statusCode).toBe(409);
    expect(replyToClosed.json().code).toBe('support.ticket_closed');
    expect((await move('waiting_on_customer')).statusCode).toBe(409);
    const back = await admin('PUT', `/${ticket.id}/status`, { status: 'new' });
    expect(back.statusCode).toBe(400);
    expect((await move('open')).json().ticket.status).toBe('open');
    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, ticket.id), eq(auditEvents.action, 'support.status_changed')));
    expect(audited.map((e) => e.detail?.split(': ')[1]).sort()).toEqual(
      ['closed → open', 'new → open', 'open → waiting_on_customer', 'waiting_on_customer → closed'].sort(),
    );
    expect(audited[0]).toMatchObject({ actorId: support.id, actorAdminRoles: ['support'] });
  });

  it('assigns a ticket only to an active support admin or owner, and filters by assignee', async () => {
    const ticket = await fileTicket();
    const content = await build.admin({ adminRoles: ['content'] });
    const toContent = await admin('PUT', `/${ticket.id}/assignee`, { assigneeId: content.id });
    expect(toContent.statusCode).toBe(400);
    expect(toContent.json().code).toBe('support.assignee_invalid');
    const assigned = await admin('PUT', `/${ticket.id}/assignee`, { assigneeId: support.id });
    expect(assigned.json().ticket.assignee).toMatchObject({ _id: support.id });
    const mine = (await admin('GET', '?assignee=me&status=all')).json() as {
      tickets: Array<{ _id: string }>;
    };
    expect(mine.tickets.map((x) => x._id)).toContain(ticket.id);
    const unassigned = await admin('PUT', `/${ticket.id}/assignee`, { assigneeId: null });
    expect(unassigned.json().ticket.assignee).toBeNull();
  });

  it('measures the first response in service hours and flags a ticket past one working day', async () => {
    const ticket = await fileTicket();
    // Filed three days ago: at least 30 service hours have passed with no reply (target: 600 minutes).
    await t.db
      .update(supportTickets)
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(supportTickets.id, ticket.id));
    const late = (await thread(ticket.id)) as Thread & {
      ticket: { firstResponseMinutes: number; isResponseLate: boolean };
    };
    expect(late.ticket.isResponseLate).toBe(true);
    expect(late.ticket.firstResponseMinutes).toBeGreaterThanOrEqual(1800);
    // Answered 20 minutes after filing in service hours, it is on time for good.
    await t.db
      .update(supportTickets)
      .set({
        createdAt: new Date('2026-11-23T19:50:00+05:30'),
        firstResponseAt: new Date('2026-11-24T10:10:00+05:30'),
      })
      .where(eq(supportTickets.id, ticket.id));
    const answered = (await thread(ticket.id)) as typeof late;
    expect(answered.ticket).toMatchObject({ firstResponseMinutes: 20, isResponseLate: false });
  });

  it("links a signed-in user's ticket to their account and application; they see only their own, without notes", async () => {
    const application = await build.application();
    const owner = application.owner;
    const stranger = await build.user();
    const notMine = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support/tickets',
      remoteAddress: '10.3.0.1',
      headers: { cookie: stranger.cookie },
      payload: {
        name: 'Ravi',
        email: stranger.email,
        topic: 'notarisation',
        message: 'Question about an application of mine.',
        applicationId: application.id,
      },
    });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().code).toBe('support.application_not_found');

    const ticket = await fileTicket({ cookie: owner.cookie, applicationId: application.id });
    const detail = await admin('GET', `/${ticket.id}`);
    expect(detail.json().ticket).toMatchObject({
      userId: owner.id,
      applicationId: application.id,
      hasAccount: true,
    });
    await admin('POST', `/${ticket.id}/notes`, { body: 'Internal: check the gateway.' });
    await admin('POST', `/${ticket.id}/replies`, { body: 'Found it, fixing now.' });

    const mine = await call(t, 'GET', '/support/tickets', owner.cookie);
    expect(mine.json().tickets.map((x: { _id: string }) => x._id)).toEqual([ticket.id]);
    const read = await call(t, 'GET', `/support/tickets/${ticket.id}`, owner.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('Internal');
    const answered = await call(t, 'POST', `/support/tickets/${ticket.id}/messages`, owner.cookie, {
      body: 'Thanks!',
    });
    expect(answered.json().messages.map((m: { kind: string }) => m.kind)).toEqual(['reply', 'customer']);

    expect((await call(t, 'GET', `/support/tickets/${ticket.id}`, stranger.cookie)).statusCode).toBe(404);
    expect(
      (await call(t, 'POST', `/support/tickets/${ticket.id}/messages`, stranger.cookie, { body: 'Hi' }))
        .statusCode,
    ).toBe(404);
    expect((await call(t, 'GET', '/support/tickets', stranger.cookie)).json().tickets).toEqual([]);
    expect((await call(t, 'GET', '/support/tickets')).statusCode).toBe(401);
  });

  it('is for support admins and owners only: a client, a notary and other admins get 404', async () => {
    const ticket = await fileTicket();
    const callers = [
      await build.user(),
      await build.notary(),
      await build.admin({ adminRoles: ['content'] }),
      await build.admin({ adminRoles: ['finance'] }),
    ];
    for (const caller of callers) {
      for (const [method, url, body] of [
        ['GET', '', undefined],
        ['GET', `/${ticket.id}`, undefined],
        ['POST', `/${ticket.id}/replies`, { body: 'Hello' }],
        ['PUT', `/${ticket.id}/status`, { status: 'closed' }],
      ] as const) {
        const res = await admin(method, url, body, caller.cookie);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    const owner = await build.admin({ adminRoles: ['owner'] });
    expect((await admin('GET', `/${ticket.id}`, undefined, owner.cookie)).statusCode).toBe(200);
    expect((await admin('GET', '')).statusCode).toBe(200);
    expect((await call(t, 'GET', '/admin/support/tickets')).statusCode).toBe(401);
    // Nothing was sent or changed by the refused callers.
    expect((await thread(ticket.id)).ticket.status).toBe('new');
  });
});
